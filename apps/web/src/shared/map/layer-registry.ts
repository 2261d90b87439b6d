import type { Map as MlMap } from 'maplibre-gl';

/**
 * Overlays (zones, ships, track) that live on top of whichever base style is
 * chosen. A style switch drops every source and layer, so each overlay
 * registers an `install` that (re)adds its sources, layers and current data;
 * the registry runs them in registration order after every style load.
 */
export interface MapOverlay {
  id: string;
  install(map: MlMap): void;
  /** Called when the overlay is unregistered (the page unmounts). */
  uninstall?(map: MlMap): void;
}

export class LayerRegistry {
  private readonly overlays = new Map<string, MapOverlay>();
  private ready = false;

  constructor(private readonly map: MlMap) {
    map.on('style.load', () => {
      this.ready = true;
      for (const overlay of this.overlays.values()) overlay.install(map);
    });
  }

  /** The base style is about to be replaced: installs wait for its load. */
  styleChanging(): void {
    this.ready = false;
  }

  get styleReady(): boolean {
    return this.ready;
  }

  register(overlay: MapOverlay): () => void {
    this.overlays.set(overlay.id, overlay);
    if (this.ready) overlay.install(this.map);
    return () => {
      if (this.overlays.get(overlay.id) !== overlay) return;
      this.overlays.delete(overlay.id);
      overlay.uninstall?.(this.map);
    };
  }
}

/** Adds a source or layer only when it is missing (install may run on an already-populated style). */
export function ensureSource(map: MlMap, id: string, spec: Parameters<MlMap['addSource']>[1]): void {
  if (!map.getSource(id)) map.addSource(id, spec);
}

export function ensureLayer(map: MlMap, spec: Parameters<MlMap['addLayer']>[0], before?: string): void {
  if (!map.getLayer(spec.id)) map.addLayer(spec, before && map.getLayer(before) ? before : undefined);
}
