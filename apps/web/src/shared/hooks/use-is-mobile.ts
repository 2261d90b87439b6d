import { useEffect, useState } from 'react';
import { MOBILE_BREAKPOINT_PX, RESIZE_DEBOUNCE_MS } from '@harbor/contracts/constants';

function isMobileWidth(): boolean {
  return typeof window !== 'undefined' && window.innerWidth < MOBILE_BREAKPOINT_PX;
}

/** Below 768 px the app uses its mobile layout; resizes are debounced 100 ms as the spec asks. */
export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(isMobileWidth);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setMobile(isMobileWidth()), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return mobile;
}
