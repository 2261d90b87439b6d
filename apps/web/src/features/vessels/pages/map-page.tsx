import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import * as maplibregl from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import {
  MAP_DEFAULT_CENTER,
  MAP_DEFAULT_ZOOM,
  MAP_PORT_FLY_ZOOM,
  MAP_SCALE_MAX_WIDTH,
  MAP_SELECT_ZOOM,
  SELECTED_SHIP_DEBOUNCE_MS,
  filterTrajectory,
  routeDestination,
} from '@harbor/contracts/map';
import { BaseMap, type MapHandle } from '../../../shared/map/base-map.tsx';
import { readMapConfig, readStoredStyle, readStoredTheme, storeMapChoice, type BaseStyleId, type MapTheme } from '../../../shared/map/map-config.ts';
import { usePort } from '../../zones/index.ts';
import { PortCard, useZoneFeed, ZoneLayers } from '../../zones/map.ts';
import { useAisStatus, useCurrentPortCall, useShipInfo, useShipTrack, useTrajectory } from '../api/use-ship-queries.ts';
import { MapControls } from '../components/map-controls.tsx';
import { SearchBar } from '../components/search-bar.tsx';
import { ShipCard } from '../components/ship-card.tsx';
import { geometryCenter } from '../../../shared/map/geometry-center.ts';
import { ShipLayers } from '../ship-layers.ts';
import { ShipStore } from '../ship-store.ts';
import { useDebounced } from '../use-debounced.ts';
import { useMapInteractions } from '../use-map-interactions.ts';
import { useShipFeed } from '../use-ship-feed.ts';
import { mapUrlFor, parseMapUrl, selectionKey, type MapUrlSelection } from '../map-url.ts';
import { feedFilterOf, readStoredFilter, storeFilter, type MapFilterChoice } from '../filters/map-filter.ts';
import { useCurrentUser } from '../../users/index.ts';

/** `zoom`: the zoom a link asked for when recentring on the selection. */
type Selection = { kind: 'ship'; mmsi: number; recentre: boolean; zoom?: number } | { kind: 'port'; locode: string; recentre: boolean; zoom?: number } | null;

/** A link's selection (`?mmsi=`, `?port=`) first, else the port-calls page's route state. */
function initialSelection(search: string, state: unknown): Selection {
  const url = parseMapUrl(search);
  if (url.selection) return fromUrl(url.selection, url.view === null, url.zoom);
  const mmsi = (state as { portCallShipMmsi?: unknown } | null)?.portCallShipMmsi;
  return typeof mmsi === 'number' && Number.isInteger(mmsi) && mmsi > 0 ? { kind: 'ship', mmsi, recentre: true } : null;
}

function fromUrl(sel: MapUrlSelection, recentre: boolean, zoom: number | null): Selection {
  if (!sel) return null;
  return { ...sel, recentre, ...(zoom !== null ? { zoom } : {}) };
}

const urlSelectionOf = (sel: Selection): MapUrlSelection => (sel?.kind === 'ship' ? { kind: 'ship', mmsi: sel.mmsi } : sel?.kind === 'port' ? { kind: 'port', locode: sel.locode } : null);

/** /map: the live map of ships, ports and zones (tracking.md section 2). */
export function MapPage() {
  const { t } = useTranslation('map');
  const location = useLocation();
  const navigate = useNavigate();
  // A link with a full view opens there (no fly-to from the default view).
  const [initialView] = useState(() => {
    const v = parseMapUrl(location.search).view;
    return v ? { center: [v.lon, v.lat] as [number, number], zoom: v.zoom } : null;
  });
  const config = useMemo(() => readMapConfig(), []);
  const [styleId, setStyleId] = useState<BaseStyleId>(() => readStoredStyle(config));
  const [theme, setTheme] = useState<MapTheme>(readStoredTheme);
  const [handle, setHandle] = useState<MapHandle | null>(null);
  const map = handle?.map ?? null;
  const store = useMemo(() => new ShipStore(), []);
  const shipLayers = useMemo(() => new ShipLayers(store), [store]);
  const [zoneLayers] = useState(() => new ZoneLayers(theme));
  const readout = useRef<HTMLDivElement>(null);
  const [selection, setSelection] = useState<Selection>(() => initialSelection(location.search, location.state));
  const [, setShipTick] = useState(0);
  // The ship filter, remembered per signed-in user (read again when the user is known or changes).
  const userId = useCurrentUser().data?.id ?? null;
  const [filterChoice, setFilterChoice] = useState<{ userId: string | null; choice: MapFilterChoice }>(() => ({ userId, choice: readStoredFilter(userId) }));
  if (filterChoice.userId !== userId) setFilterChoice({ userId, choice: readStoredFilter(userId) });
  const feedFilter = useMemo(() => feedFilterOf(filterChoice.choice), [filterChoice.choice]);
  const changeFilter = useCallback(
    (choice: MapFilterChoice) => {
      storeFilter(userId, choice);
      setFilterChoice({ userId, choice });
    },
    [userId],
  );

  // Theme must reach the overlays before the new style loads (child effects run first, the load is async).
  shipLayers.setTheme(theme);
  zoneLayers.theme = theme;
  useEffect(() => storeMapChoice(styleId, theme), [styleId, theme]);

  // The map fills the window below whatever sits above it (the app bar, the limited-rights banner once
  // the user loads): a fixed app-bar height left the scale bar and cursor readout under the fold.
  const pageRef = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState<number | null>(null);
  useEffect(() => {
    const measure = () => {
      const el = pageRef.current;
      if (el) setTop(Math.max(0, Math.round(el.getBoundingClientRect().top + window.scrollY)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    const above = pageRef.current?.parentElement?.parentElement;
    if (above) observer.observe(above);
    observer.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);

  // One full-screen map: the page itself never scrolls (focus moves into cards would scroll the footer in).
  useEffect(() => {
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    window.scrollTo(0, 0);
    return () => {
      root.style.overflow = previous;
    };
  }, []);

  useEffect(() => {
    if (!handle) return;
    const offZones = handle.layers.register(zoneLayers);
    const offShips = handle.layers.register(shipLayers);
    const scale = new maplibregl.ScaleControl({ maxWidth: MAP_SCALE_MAX_WIDTH, unit: 'metric' });
    handle.map.addControl(scale, 'bottom-left');
    return () => {
      handle.map.removeControl(scale);
      offShips();
      offZones();
    };
  }, [handle, zoneLayers, shipLayers]);

  const selectedMmsi = selection?.kind === 'ship' ? selection.mmsi : null;
  const selectedLocode = selection?.kind === 'port' ? selection.locode : null;
  const feed = useShipFeed(map, store, shipLayers, selectedMmsi, () => setShipTick((n) => n + 1), feedFilter);
  useZoneFeed(map, zoneLayers);
  const aisStatus = useAisStatus();
  const simulated = feed.simulated ?? aisStatus.data?.simulated ?? false;

  useEffect(() => shipLayers.setSelected(selectedMmsi), [shipLayers, selectedMmsi]);

  // The card's requests follow the selected ship after 400 ms (quick clicks through ships fetch nothing).
  const debouncedMmsi = useDebounced(selectedMmsi, SELECTED_SHIP_DEBOUNCE_MS);
  const activeMmsi = selectedMmsi !== null && debouncedMmsi === selectedMmsi ? selectedMmsi : null;
  const info = useShipInfo(activeMmsi);
  const track = useShipTrack(activeMmsi);
  const portCall = useCurrentPortCall(activeMmsi);
  const port = usePort(selectedLocode);

  const trackData = track.data?.mmsi === selectedMmsi ? track.data : undefined;
  useEffect(() => {
    shipLayers.setTrack(trackData ? trackData.positions.map((p) => [p.longitude, p.latitude]) : []);
  }, [shipLayers, trackData]);

  // Predicted route: to the predicted destination, else the port the reported destination names.
  const live = activeMmsi !== null ? (store.get(activeMmsi) ?? null) : null;
  const lastFix = trackData?.positions.at(-1) ?? null;
  const routeTo = activeMmsi !== null ? routeDestination(live?.voyage.predictedDestination, live?.voyage.destination ?? portCall.data?.portCall?.ship.voyage) : null;
  const shipAt = useCallback(() => {
    const p = activeMmsi !== null ? (store.get(activeMmsi) ?? null) : null;
    return p ?? (lastFix && trackData?.mmsi === activeMmsi ? lastFix : null);
  }, [store, activeMmsi, lastFix, trackData?.mmsi]);
  const trajectory = useTrajectory(activeMmsi, routeTo, shipAt);
  const heading = live ? (live.trueHeading ?? live.courseOverGround) : (lastFix?.trueHeading ?? lastFix?.courseOverGround ?? null);
  const routeData = trajectory.isError ? undefined : trajectory.data;
  useEffect(() => {
    // Filtered as section 5 says (nothing behind the ship at the start); a failed request leaves it cleared.
    shipLayers.setPredictedRoute(routeData ? filterTrajectory(routeData.trajectory.map((p) => p.coordinate), heading) : []);
    // The heading only matters when a new route arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shipLayers, routeData]);

  const select = useCallback((next: Selection) => setSelection(next), []);
  const selectShip = useCallback((mmsi: number, recentre = false) => setSelection({ kind: 'ship', mmsi, recentre }), []);
  const selectPort = useCallback((locode: string, recentre = false) => setSelection({ kind: 'port', locode, recentre }), []);

  // Recentre once per selection that asks for it (search, route state): ship at zoom 12, port fly-to 13.
  const recentred = useRef<Selection>(null);
  const recentreTo = useCallback(
    (sel: Selection, force = false) => {
      if (!map || !sel || (!sel.recentre && !force) || (!force && recentred.current === sel)) return false;
      if (sel.kind === 'ship') {
        const live = store.get(sel.mmsi);
        const last = trackData?.positions.at(-1);
        const pos: [number, number] | null = live ? [live.longitude, live.latitude] : last ? [last.longitude, last.latitude] : null;
        if (!pos) return false;
        recentred.current = sel;
        map.easeTo({ center: pos, zoom: sel.zoom ?? MAP_SELECT_ZOOM });
        return true;
      }
      const center = port.data?.properties.locode === sel.locode ? geometryCenter(port.data.geometry) : null;
      if (!center) return false;
      recentred.current = sel;
      map.flyTo({ center, zoom: sel.zoom ?? MAP_PORT_FLY_ZOOM });
      return true;
    },
    [map, store, trackData, port.data],
  );
  useEffect(() => {
    recentreTo(selection);
  }, [recentreTo, selection]);

  // The URL follows the selection (a history entry per selection) and the view (replaced in place).
  const viewOf = useCallback(() => (map ? { lat: map.getCenter().lat, lon: map.getCenter().lng, zoom: map.getZoom() } : null), [map]);
  const selectionRef = useRef(selection);
  selectionRef.current = selection;
  useEffect(() => {
    const current = parseMapUrl(window.location.search).selection;
    if (selectionKey(current) === selectionKey(urlSelectionOf(selection))) return;
    // The port-calls page's route state becomes a link without a new history entry.
    const replace = current === null && selection !== null && selection.recentre && (location.state as { portCallShipMmsi?: unknown } | null)?.portCallShipMmsi !== undefined;
    void navigate(mapUrlFor(urlSelectionOf(selection), viewOf()), { replace });
    // Only a new selection writes a history entry; location is read, not followed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selection]);
  // Back and forward: the URL's selection becomes the map's again. Only a change of the URL counts: on
  // mount the selection already came from it (or from the port-calls page's route state, which a URL
  // without a selection must not clear before the effect above has written it into the URL).
  const seenSearch = useRef(location.search);
  useEffect(() => {
    if (location.search === seenSearch.current) return;
    seenSearch.current = location.search;
    const url = parseMapUrl(location.search);
    if (selectionKey(url.selection) !== selectionKey(urlSelectionOf(selectionRef.current))) setSelection(fromUrl(url.selection, true, url.zoom));
  }, [location.search]);
  useEffect(() => {
    if (!map) return;
    const onMoveEnd = () => {
      const next = mapUrlFor(parseMapUrl(window.location.search).selection, viewOf());
      if (next !== window.location.pathname + window.location.search) window.history.replaceState(window.history.state, '', next);
    };
    map.on('moveend', onMoveEnd);
    return () => {
      map.off('moveend', onMoveEnd);
    };
  }, [map, viewOf]);

  const clear = useCallback(() => setSelection(null), []);
  useMapInteractions(map, store, shipLayers.markers, t, { selectShip: (m) => selectShip(m), selectPort: (l) => selectPort(l), clearSelection: clear }, readout);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !(e.target instanceof HTMLInputElement)) clear();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [clear]);

  const onLocate = () => {
    if (!map) return;
    if (!recentreTo(selection, true)) map.flyTo({ center: [MAP_DEFAULT_CENTER.lng, MAP_DEFAULT_CENTER.lat], zoom: MAP_DEFAULT_ZOOM });
  };

  const livePosition = selectedMmsi !== null ? (store.get(selectedMmsi) ?? null) : null;

  return (
    <Box
      ref={pageRef}
      sx={{ position: 'relative', height: top === null ? { xs: 'calc(100dvh - 56px)', sm: 'calc(100dvh - 64px)' } : `calc(100dvh - ${top}px)`, minHeight: 400, overflow: 'hidden' }}
      data-testid="map-page"
    >
      <h1 style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{t('map:title')}</h1>
      <BaseMap styleId={styleId} theme={theme} config={config} onReady={setHandle} initialView={initialView} />
      <Box sx={{ position: 'absolute', top: 12, left: 12, bottom: 40, zIndex: 3, display: 'flex', flexDirection: 'column', gap: 1, pointerEvents: 'none', '& > *': { pointerEvents: 'auto' } }}>
        <SearchBar onSelectShip={(m) => select({ kind: 'ship', mmsi: m, recentre: true })} onSelectPort={(l) => select({ kind: 'port', locode: l, recentre: true })} onReset={clear} />
        {selection?.kind === 'ship' && (
          <ShipCard
            key={selection.mmsi}
            mmsi={selection.mmsi}
            position={livePosition}
            lastSeen={trackData?.positions.at(-1)?.timeStampExternal ?? null}
            details={info.data?.mmsi === selection.mmsi ? info.data : undefined}
            detailsLoading={activeMmsi === null || info.isLoading}
            detailsError={info.error}
            portCall={portCall.data?.portCall}
            portCallLoading={activeMmsi === null || portCall.isLoading}
            noPosition={activeMmsi === selection.mmsi && !livePosition && !track.isLoading && !trackData?.positions.length}
            onClose={clear}
          />
        )}
        {selection?.kind === 'port' && (
          <PortCard key={selection.locode} locode={selection.locode} port={port.data} loading={port.isLoading} error={port.error} onClose={clear} />
        )}
      </Box>
      <MapControls
        config={config}
        styleId={styleId}
        theme={theme}
        onStyle={setStyleId}
        onTheme={setTheme}
        onZoomIn={() => map?.zoomIn()}
        onZoomOut={() => map?.zoomOut()}
        onLocate={onLocate}
        filter={filterChoice.choice}
        onFilter={changeFilter}
      />
      <Box sx={{ position: 'absolute', top: 12, left: '50%', transform: 'translateX(-50%)', zIndex: 2, display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'center' }}>
        {simulated && (
          <Chip color="warning" size="small" label={t('vessels:simulated.banner')} data-testid="simulated-banner" sx={{ display: { xs: 'none', md: 'flex' } }} />
        )}
        {feed.status === 'error' && <Alert severity="error">{t('map:feed.error')}</Alert>}
        {feed.status === 'polling' && <Chip size="small" label={t('map:feed.polling')} />}
        {feed.empty && feed.status !== 'error' && <Chip size="small" label={t('map:feed.empty')} />}
      </Box>
      <Paper
        elevation={2}
        ref={readout}
        aria-label={t('map:cursor')}
        data-testid="cursor-readout"
        sx={{ position: 'absolute', right: 12, bottom: 36, zIndex: 2, px: 1, py: 0.25, fontFamily: 'monospace', fontSize: 12, minWidth: 120, textAlign: 'center' }}
      >
        --
      </Paper>
    </Box>
  );
}
