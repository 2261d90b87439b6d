import { describe, expect, it } from 'vitest';
import type { StyleSpecification } from 'maplibre-gl';
import { baseStyle, defaultStyleUrl, seachartTransform, styleTransform } from './base-styles.ts';
import { isStyleAvailable } from './map-config.ts';

const offline = { seachartTilesUrl: null, streetStyleUrl: null, satelliteTilesUrl: null };

/** The served default style's layers (as map-tiles writes them), trimmed to what the chart recolours. */
const served: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [
    { id: 'water', type: 'background', paint: { 'background-color': '#b9d7ea' } },
    { id: 'land', type: 'fill', source: 'base', 'source-layer': 'land', paint: { 'fill-color': '#f2efe6' } },
    { id: 'coastline', type: 'line', source: 'base', 'source-layer': 'coastline', paint: { 'line-color': '#9fb3bf' } },
    { id: 'navigation-lines', type: 'line', source: 'fairways', paint: { 'line-color': '#3b7fc4', 'line-width': 2 } },
    { id: 'graticule', type: 'line', source: 'g', paint: { 'line-color': '#000' } },
  ],
};

describe('Seachart without a chart tile service', () => {
  it('is offered offline: our own style, recoloured as a chart', () => {
    expect(isStyleAvailable('seachart', offline)).toBe(true);
    expect(baseStyle('seachart', 'light', offline)).toBe(defaultStyleUrl('light'));
    const chart = seachartTransform('seachart', 'light', offline)!(undefined, served);
    const paint = (id: string) => chart.layers.find((l) => l.id === id)!.paint as Record<string, unknown>;
    expect(chart.name).toBe('harbor-seachart-offline');
    expect(paint('land')['fill-color']).toBe('#f3e3b3');
    expect(paint('navigation-lines')).toEqual({ 'line-color': '#8e44ad', 'line-width': 2 });
    expect(paint('graticule')).toEqual({ 'line-color': '#000' });
  });

  it('uses the chart tiles as they are when a service is configured, and leaves other styles alone', () => {
    const withTiles = { ...offline, seachartTilesUrl: 'https://tiles.example/tms/{z}/{x}/{y}.png' };
    expect(seachartTransform('seachart', 'light', withTiles)).toBeNull();
    expect(seachartTransform('sea', 'dark', offline)).toBeNull();
    expect(styleTransform('sea', 'light', offline)(undefined, served)).toBe(served);
    expect(isStyleAvailable('satellite', offline)).toBe(false);
  });
});
