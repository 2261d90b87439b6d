import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingPageSchema, publicConfigSchema } from '@harbor/contracts';
import { ConfigError, loadConfig } from '../../config.ts';
import { createTestApp, json, type TestApp } from '../../test/harness.ts';

describe('SEARCH_PAGE_VARIANT setting', () => {
  // A throwaway data dir and a given secret: loading a valid config must not write into the repository.
  const base = { NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'harbor-config-')), JWT_SECRET: 'x'.repeat(32) };
  it('defaults to grid and accepts map', () => {
    expect(loadConfig(base).SEARCH_PAGE_VARIANT).toBe('grid');
    expect(loadConfig({ ...base, SEARCH_PAGE_VARIANT: 'map' }).SEARCH_PAGE_VARIANT).toBe('map');
  });

  it('names the setting and the allowed values when wrong', () => {
    expect(() => loadConfig({ ...base, SEARCH_PAGE_VARIANT: 'list' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, SEARCH_PAGE_VARIANT: 'list' })).toThrow(/SEARCH_PAGE_VARIANT: must be one of grid, map/);
  });
});

describe('RESPONSE_CHECK setting', () => {
  const base = { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'harbor-config-')), JWT_SECRET: 'x'.repeat(32) };
  it('strict under tests (every answer checked against its contract), off otherwise, either when set', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).RESPONSE_CHECK).toBe('strict');
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).RESPONSE_CHECK).toBe('off');
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).RESPONSE_CHECK).toBe('off');
    expect(loadConfig({ ...base, NODE_ENV: 'test', RESPONSE_CHECK: 'off' }).RESPONSE_CHECK).toBe('off');
    expect(loadConfig({ ...base, NODE_ENV: 'production', RESPONSE_CHECK: 'strict' }).RESPONSE_CHECK).toBe('strict');
    expect(() => loadConfig({ ...base, RESPONSE_CHECK: 'on' })).toThrow(/RESPONSE_CHECK/);
  });
});

describe('GET /api/config', () => {
  let grid: TestApp;
  let map: TestApp;
  beforeAll(async () => {
    grid = await createTestApp();
    map = await createTestApp({ SEARCH_PAGE_VARIANT: 'map' }, { marketplace: true });
  });
  afterAll(async () => {
    await grid?.close();
    await map?.close();
  });

  it('answers the search page variant without sign-in', async () => {
    const res = await grid.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(publicConfigSchema.parse(json(res))).toEqual({ searchPageVariant: 'grid' });
    expect(res.headers['cache-control']).toContain('max-age');
    const other = await map.app.inject({ method: 'GET', url: '/api/config' });
    expect(json(other)).toEqual({ searchPageVariant: 'map' });
  });

  it('is listed in the OpenAPI document with its response schema', async () => {
    const doc = json<{ paths: Record<string, { get?: { responses?: Record<string, unknown> } }> }>(
      await grid.app.inject({ method: 'GET', url: '/api/openapi.json' }),
    );
    expect(JSON.stringify(doc.paths['/api/config']?.get?.responses?.['200'])).toContain('searchPageVariant');
  });

  // The map variant places one marker per listing from the search answer itself.
  it('search answers carry the listings geolocation the map variant needs', async () => {
    const res = await map.app.inject({ method: 'GET', url: '/api/listings?pub_port=FIVSS&perPage=24' });
    const page = listingPageSchema.parse(json(res));
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data.every((l) => l.geolocation && Number.isFinite(l.geolocation.lat) && Number.isFinite(l.geolocation.lng))).toBe(true);
  });
});
