import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors.ts';
import { registerWeb } from './web.ts';

describe('serving the built web app', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'harbor-web-'));
  const app = Fastify();
  const script = `console.log(${JSON.stringify('x'.repeat(5000))});`;
  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets/app-abc12345.js'), script);
    writeFileSync(path.join(dist, 'assets/app-abc12345.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dist, 'assets/app-abc12345.js.gz'), gzipSync(script));
    registerErrorHandling(app);
    await registerWeb(app, dist);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the precompressed file the browser accepts, cached for good', async () => {
    const br = await app.inject({ url: '/assets/app-abc12345.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await app.inject({ url: '/assets/app-abc12345.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/assets/app-abc12345.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends the app page uncached for any other path', async () => {
    const page = await app.inject({ url: '/orders', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('id="root"');
  });
});
