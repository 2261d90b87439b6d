import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import * as maplibregl from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BaseMap, type MapHandle } from '../../../shared/map/base-map.tsx';
import { readMapConfig } from '../../../shared/map/map-config.ts';
import { markerBounds, type ListingMarker } from './map-markers.ts';

const config = readMapConfig();
const FIT = { padding: 56, maxZoom: 12, duration: 0 } as const;

interface Props {
  markers: ListingMarker[];
  selectedId: string | null;
  onSelect(id: string): void;
  bounds: [number, number, number, number] | null;
  label: string;
}

/**
 * The map beside the search results. Markers are DOM buttons (keyboard and
 * screen reader reachable, numbered like the cards); a click selects the listing.
 */
export default function ListingsMap({ markers, selectedId, onSelect, bounds, label }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const [handle, setHandle] = useState<MapHandle | null>(null);
  const placed = useRef(new Map<string, { marker: maplibregl.Marker; el: HTMLButtonElement }>());
  const select = useRef(onSelect);
  select.current = onSelect;
  const colors = { fill: theme.palette.primary.main, text: theme.palette.primary.contrastText, selected: theme.palette.secondary.main };

  // Markers follow the result page; the view frames a location search, else the markers.
  const boundsKey = bounds?.join(',') ?? '';
  useEffect(() => {
    const map = handle?.map;
    if (!map) return;
    const current = placed.current;
    for (const m of markers) {
      const el = document.createElement('button');
      el.type = 'button';
      el.textContent = String(m.index);
      el.setAttribute('aria-label', t('listings:search.map.marker', { index: m.index, title: m.title }));
      el.dataset.listingId = m.id;
      el.addEventListener('click', (e) => {
        e.stopPropagation();
        select.current(m.id);
      });
      const marker = new maplibregl.Marker({ element: el, offset: m.offset }).setLngLat([m.lng, m.lat]).addTo(map);
      current.set(m.id, { marker, el });
    }
    const frame = bounds ?? markerBounds(markers);
    if (frame) map.fitBounds(frame, FIT);
    return () => {
      for (const { marker } of current.values()) marker.remove();
      current.clear();
    };
    // `bounds` is compared by value (boundsKey): a new array with the same box must not refit the map.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [handle, markers, boundsKey, t]);

  // Selection restyles in place and brings the marker into view when it is outside.
  useEffect(() => {
    for (const [id, { marker, el }] of placed.current) {
      const on = id === selectedId;
      el.setAttribute('aria-pressed', String(on));
      Object.assign(el.style, markerStyle(on, colors));
      if (on && handle && !handle.map.getBounds().contains(marker.getLngLat())) handle.map.easeTo({ center: marker.getLngLat(), duration: 300 });
    }
  });

  return (
    <Box role="region" aria-label={label} sx={{ position: 'absolute', inset: 0 }}>
      <BaseMap styleId="sea" theme="light" config={config} onReady={setHandle} />
    </Box>
  );
}

function markerStyle(selected: boolean, c: { fill: string; text: string; selected: string }): Partial<CSSStyleDeclaration> {
  return {
    width: selected ? '34px' : '28px',
    height: selected ? '34px' : '28px',
    borderRadius: '50%',
    border: '2px solid #fff',
    background: selected ? c.selected : c.fill,
    color: c.text,
    font: '700 12px/1 system-ui, sans-serif',
    cursor: 'pointer',
    padding: '0',
    boxShadow: '0 1px 4px rgba(0,0,0,0.4)',
    zIndex: selected ? '2' : '1',
  };
}
