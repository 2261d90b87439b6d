import Box from '@mui/material/Box';
import * as maplibregl from 'maplibre-gl';
import { useCallback, useEffect, useRef } from 'react';
import { BaseMap, type MapHandle } from './base-map.tsx';
import { readMapConfig } from './map-config.ts';

const config = readMapConfig();

/** A small offline-style map: a click picks a point (an office, a delivery spot); the marker shows the current one. */
export default function PointPickerMap({ lat, lon, onPick, label }: { lat: number | null; lon: number | null; onPick: (lat: number, lon: number) => void; label: string }) {
  const handle = useRef<MapHandle | null>(null);
  const marker = useRef<maplibregl.Marker | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  const place = useCallback((la: number | null, lo: number | null) => {
    const map = handle.current?.map;
    if (!map) return;
    if (la == null || lo == null) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    marker.current ??= new maplibregl.Marker().setLngLat([lo, la]).addTo(map);
    marker.current.setLngLat([lo, la]);
  }, []);

  const onReady = useCallback(
    (h: MapHandle | null) => {
      handle.current = h;
      if (!h) return;
      h.map.on('click', (e) => pick.current(Number(e.lngLat.lat.toFixed(6)), Number(e.lngLat.lng.toFixed(6))));
      if (lat != null && lon != null) h.map.jumpTo({ center: [lon, lat], zoom: 12 });
      place(lat, lon);
    },
    // The map is created once; later positions go through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  useEffect(() => place(lat, lon), [lat, lon, place]);

  return (
    <Box role="group" aria-label={label} sx={{ position: 'relative', height: 280, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
      <BaseMap styleId="sea" theme="light" config={config} onReady={onReady} />
    </Box>
  );
}
