import type { FeatureCollection } from 'geojson';
import landTopoUrl from 'world-atlas/land-50m.json?url';

let land: Promise<FeatureCollection> | null = null;

/**
 * Land GeoJSON for the default base map. The app serves the Natural Earth
 * TopoJSON itself (a hashed static asset); a worker fetches and converts it
 * once per page load.
 */
export function loadLandGeoJson(): Promise<FeatureCollection> {
  land ??= new Promise<FeatureCollection>((resolve, reject) => {
    const worker = new Worker(new URL('./land.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<{ ok: boolean; data?: FeatureCollection; error?: string }>) => {
      worker.terminate();
      if (e.data.ok && e.data.data) resolve(e.data.data);
      else reject(new Error(e.data.error ?? 'land conversion failed'));
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(e.message));
    };
    worker.postMessage(new URL(landTopoUrl, window.location.href).href);
  }).catch((err: unknown) => {
    land = null;
    throw err;
  });
  return land;
}
