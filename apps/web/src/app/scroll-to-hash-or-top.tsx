import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** A lazy page or its data can take a moment to render the hash target; look for it this long. */
const HASH_WAIT_MS = 3000;
const HASH_POLL_MS = 100;

/** After each navigation: scroll to the element named by the hash, or to the top (seller spec section 2). */
export function ScrollToHashOrTop() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo({ top: 0, left: 0 });
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    let waited = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let scrolledTo: number | undefined;
    const attempt = () => {
      // The reader scrolled since our last try: leave the page where they put it.
      if (scrolledTo !== undefined && Math.abs(window.scrollY - scrolledTo) > 1) return;
      const target = document.getElementById(id);
      if (target) {
        // The top bar is sticky: stop below it rather than hide the target under it.
        const barHeight = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
        const top = Math.max(0, target.getBoundingClientRect().top + window.scrollY - barHeight - 8);
        window.scrollTo({ top });
        scrolledTo = window.scrollY;
        // Short of it, the page is still growing (data arriving below): try again shortly.
        if (Math.abs(scrolledTo - top) <= 1) return;
      }
      waited += HASH_POLL_MS;
      if (waited < HASH_WAIT_MS) timer = setTimeout(attempt, HASH_POLL_MS);
    };
    attempt();
    return () => clearTimeout(timer);
  }, [pathname, search, hash]);
  return null;
}
