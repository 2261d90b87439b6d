import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * A lazy page and its data can take a while to render the hash target (several
 * chunks and a request on a slow link); look for it this long, unless the
 * reader takes over first.
 */
const HASH_WAIT_MS = 10_000;
const READER_EVENTS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
const HASH_POLL_MS = 100;
/** The page is taken as settled once its height has not changed for this long. */
const SETTLED_MS = 1000;

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
    let stillFor = 0;
    let lastHeight = -1;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let readerActed = false;
    const onReader = () => (readerActed = true);
    for (const type of READER_EVENTS) window.addEventListener(type, onReader, { passive: true, once: true });
    const attempt = () => {
      // The reader took over (wheel, touch, keys, a click or the scroll bar): leave the page where they put it.
      // Scroll position alone does not tell: the page itself moves it as content above the target settles.
      if (readerActed) return;
      const target = document.getElementById(id);
      if (target) {
        // The top bar is sticky: stop below it rather than hide the target under it.
        const barHeight = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
        const height = document.documentElement.scrollHeight;
        // As far as the page can scroll while it is still short.
        const top = Math.min(Math.max(0, target.getBoundingClientRect().top + window.scrollY - barHeight - 8), Math.max(0, height - window.innerHeight));
        const off = Math.abs(window.scrollY - top) > 1;
        if (off) window.scrollTo({ top });
        // Data, banners and focus can still move things: hold the target in place until the page stays still.
        stillFor = !off && height === lastHeight ? stillFor + HASH_POLL_MS : 0;
        lastHeight = height;
        if (stillFor >= SETTLED_MS) return;
      }
      waited += HASH_POLL_MS;
      if (waited < HASH_WAIT_MS) timer = setTimeout(attempt, HASH_POLL_MS);
    };
    attempt();
    return () => {
      clearTimeout(timer);
      for (const type of READER_EVENTS) window.removeEventListener(type, onReader);
    };
  }, [pathname, search, hash]);
  return null;
}
