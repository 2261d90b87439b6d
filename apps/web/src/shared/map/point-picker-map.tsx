import Box from '@mui/material/Box';
import * as maplibregl from 'maplibre-gl';
import { useCallback, useEffect, useRef } from 'react';
import { BaseMap, type MapHandle } from './base-map.tsx';
import { readMapConfig } from './map-config.ts';

const config = readMapConfig();

/** Zoom of the view around a picked point, or around `near` while nothing is picked. */
const PICK_ZOOM = 12;
const NEAR_ZOOM = 11;

interface Props {
  lat: number | null;
  lon: number | null;
  onPick: (lat: number, lon: number) => void;
  label: string;
  /** [lon, lat] to show while no point is picked (e.g. the port the point belongs to). */
  near?: [number, number] | null;
}

/** A small offline-style map: a click picks a point (an office, a delivery spot); the marker shows the current one. */
export default function PointPickerMap({ lat, lon, onPick, label, near = null }: Props) {
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
      if (lat != null && lon != null) h.map.jumpTo({ center: [lon, lat], zoom: PICK_ZOOM });
      else if (near) h.map.jumpTo({ center: near, zoom: NEAR_ZOOM });
      place(lat, lon);
    },
    // The map is created once; later positions go through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  useEffect(() => place(lat, lon), [lat, lon, place]);

  // `near` often arrives after the map (the port is fetched): go there while nothing is picked.
  const picked = lat != null && lon != null;
  const [nearLon, nearLat] = near ?? [null, null];
  useEffect(() => {
    if (picked || nearLon == null || nearLat == null) return;
    handle.current?.map.jumpTo({ center: [nearLon, nearLat], zoom: NEAR_ZOOM });
  }, [picked, nearLon, nearLat]);

  return (
    <Box role="group" aria-label={label} sx={{ position: 'relative', height: 280, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
      <BaseMap styleId="sea" theme="light" config={config} onReady={onReady} />
    </Box>
  );
}
