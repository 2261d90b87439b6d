import { lazy, Suspense, useState } from 'react';
import type { ComponentType } from 'react';

/**
 * A drawer or dialog whose code loads the first time it opens. Overlays are
 * closed on first render, so keeping them out of the entry chunk makes every
 * page start faster. Once opened it stays mounted, so closing still animates.
 * `preload` lets a button fetch the code on hover or focus, before the click.
 */
export function lazyOverlay<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Component = lazy(async () => ({ default: await load() }));

  function LazyOverlay(props: P) {
    const [mounted, setMounted] = useState(props.open);
    // Adjusting state while rendering (React's documented pattern) avoids an extra effect pass.
    if (props.open && !mounted) setMounted(true);
    if (!mounted && !props.open) return null;
    return (
      <Suspense fallback={null}>
        {/* eslint-disable-next-line @typescript-eslint/no-explicit-any -- lazy() widens the props type */}
        <Component {...(props as any)} />
      </Suspense>
    );
  }

  return Object.assign(LazyOverlay, { preload: () => void load() });
}
