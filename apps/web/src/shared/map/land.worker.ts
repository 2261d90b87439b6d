/// <reference lib="webworker" />
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * Natural Earth land (world-atlas TopoJSON) to GeoJSON text off the main
 * thread: the conversion takes tens of milliseconds, a long task during start-up.
 * (A blob URL would spare the main thread the copy, but the CSP's connect-src rules blob: out.)
 */
self.onmessage = async (event: MessageEvent<string>) => {
  try {
    const topo = (await (await fetch(event.data)).json()) as Topology<{ land: GeometryCollection }>;
    self.postMessage({ ok: true, data: feature(topo, topo.objects.land) });
  } catch (err) {
    self.postMessage({ ok: false, error: String(err) });
  }
};
