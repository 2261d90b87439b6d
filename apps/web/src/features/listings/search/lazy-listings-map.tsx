import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { ComponentProps } from 'react';

// MapLibre is ~300 KB gzip: the search page's own chunk stays small, and the
// grid variant never downloads the map at all.
const ListingsMap = lazy(() => import('./listings-map.tsx'));

type Props = ComponentProps<typeof ListingsMap>;

/** The search results map, fetched on first render; a placeholder fills its box meanwhile. */
export function LazyListingsMap(props: Props) {
  return (
    <Suspense
      fallback={
        <Box role="region" aria-label={props.label} aria-busy="true" sx={{ position: 'absolute', inset: 0 }}>
          <Skeleton variant="rectangular" sx={{ width: '100%', height: '100%' }} />
        </Box>
      }
    >
      <ListingsMap {...props} />
    </Suspense>
  );
}
