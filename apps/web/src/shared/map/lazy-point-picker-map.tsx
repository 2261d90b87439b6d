import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { ComponentProps } from 'react';

// MapLibre is ~300 KB gzip: pages that only sometimes show a picker map load it
// on first use, so their own chunk stays small.
const PointPickerMap = lazy(() => import('./point-picker-map.tsx'));

type Props = ComponentProps<typeof PointPickerMap>;

/** The point-picker map, fetched on first render; a same-sized placeholder holds the layout meanwhile. */
export function LazyPointPickerMap(props: Props) {
  return (
    <Suspense
      fallback={
        <Box role="group" aria-label={props.label} aria-busy="true" sx={{ height: 280 }}>
          <Skeleton variant="rounded" height={280} />
        </Box>
      }
    >
      <PointPickerMap {...props} />
    </Suspense>
  );
}
