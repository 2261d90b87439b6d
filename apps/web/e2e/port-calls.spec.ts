import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCapture } from '../../server/src/modules/port-calls/testing/capture.ts';
import { VoyageBuilder, VUOSAARI } from '../../server/src/modules/port-calls/testing/voyage.ts';
import { screenshotter } from './browser.ts';
import { acceptCookies, logIn, startHarness } from './harness.ts';
import type { Harness } from './harness.ts';
import { menuSettled } from './menus.ts';

const screenshot = screenshotter('port-calls');
const SHARED = path.resolve(import.meta.dirname, '../../../../shared/data');

/** Four ships around Vuosaari: arriving, at anchorage, at berth, departed, replayed into detection at start. */
function vuosaariCapture(file: string) {
  const now = Math.floor(Date.now() / 1000) * 1000;
  const ships = [
    { mmsi: 230_100_001, name: 'FINNSEA', build: (v: VoyageBuilder) => v.sail(VUOSAARI.areaEdge, 20, 12).sail(VUOSAARI.inPort, 10, 5) },
    { mmsi: 230_100_002, name: 'BALTIC CARRIER', build: (v: VoyageBuilder) => v.sail(VUOSAARI.areaEdge, 20, 12).sail(VUOSAARI.anchorage, 10, 5).stay(8, 1) },
    { mmsi: 230_100_003, name: 'NORDIC STAR', build: (v: VoyageBuilder) => v.sail(VUOSAARI.areaEdge, 20, 12).sail(VUOSAARI.quayE, 20, 4).stay(8, 5) },
    {
      mmsi: 230_100_004,
      name: 'AURORA BOTNIA',
      build: (v: VoyageBuilder) => v.sail(VUOSAARI.areaEdge, 20, 12).sail(VUOSAARI.quayE, 20, 4).stay(6, 5).sail(VUOSAARI.sea, 40, 10),
    },
  ];
  const reports = ships.flatMap((s, i) => s.build(new VoyageBuilder(s.mmsi, now - 3 * 3600_000 + i * 60_000, VUOSAARI.sea)).reports);
  reports.sort((a, b) => a.at - b.at);
  const lines = ships.map((s, i) => {
    const part = path.join(path.dirname(file), `ship-${i}.nmea`);
    writeCapture(part, reports.filter((r) => r.mmsi === s.mmsi), {
      mmsi: s.mmsi, name: s.name, imo: 9_300_000 + i, callSign: `OJ${i}X`, destination: 'FIHEL VUOSAARI', eta: now + 3600_000, shipType: 70 + i,
    });
    return readFileSync(part, 'utf8');
  });
  // One file, in time order, as a receiver logs it.
  const all = lines.flatMap((l) => l.split('\n').filter(Boolean));
  const time = (l: string) => Number(/c:(\d+)/.exec(l)?.[1] ?? 0);
  return all.sort((a, b) => time(a) - time(b)).join('\n') + '\n';
}

describe('port calls page', () => {
  let harness: Harness;
  let nsw: Server;

  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'harbor-e2e-portcalls-'));
    const capture = path.join(dir, 'vuosaari.nmea');
    writeFileSync(capture, vuosaariCapture(capture));
    // The real Rauma single-window answer, moved to today, served from 127.0.0.1.
    const records = readFileSync(path.join(SHARED, 'portcalls/portcalls-digitraffic-api-2019-10-23.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const shift = Date.now() - Date.parse('2019-10-23T12:41:00Z');
    const moved = JSON.parse(
      JSON.stringify(records).replace(/"(20\d\d-\d\d-\d\dT[\d:.]+Z)"/g, (_m, iso: string) => `"${new Date(Date.parse(iso) + shift).toISOString()}"`),
    );
    nsw = createServer((_req, res) => res.end(JSON.stringify({ portCalls: moved })));
    await new Promise<void>((resolve) => nsw.listen(0, '127.0.0.1', resolve));
    process.env.PORTCALLS_AIS_REPLAY = capture;
    process.env.PORTCALLS_URL = `http://127.0.0.1:${(nsw.address() as AddressInfo).port}/port-calls`;
    process.env.PORTCALLS_NSW = 'true';
    harness = await startHarness();
  });

  afterAll(async () => {
    await harness?.close();
    nsw?.close();
    delete process.env.PORTCALLS_AIS_REPLAY;
    delete process.env.PORTCALLS_URL;
    delete process.env.PORTCALLS_NSW;
  });

  it('groups the calls of a port, sorts, chooses columns and opens the map', async () => {
    const page = await harness.newPage();
    await page.goto('/login');
    await acceptCookies(page);
    await logIn(page, 'buyer@harbor.test');
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/portcalls?port=FIVSS');
    await page.getByRole('heading', { name: 'Port calls', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Port calls' });
    for (const group of ['Arriving (1)', 'At berth (1)', 'At anchorage (1)', 'Departed (1)']) {
      await table.getByRole('heading', { name: group }).waitFor();
    }
    await table.getByRole('row', { name: 'Show NORDIC STAR on the map' }).getByText('Quay E').waitFor();
    await screenshot(page, 'vuosaari-en');

    // Column choice survives a reload.
    await page.getByRole('button', { name: 'Columns' }).click();
    const callSign = (await menuSettled(page)).getByRole('menuitemcheckbox', { name: 'Call sign' });
    await callSign.click();
    await expect.poll(() => callSign.getAttribute('aria-checked'), { timeout: 5000 }).toBe('true');
    await page.keyboard.press('Escape');
    await table.getByRole('columnheader', { name: 'Call sign' }).waitFor();
    await page.reload();
    await page.getByRole('table', { name: 'Port calls' }).getByRole('columnheader', { name: 'Call sign' }).waitFor();

    // Sorting by ship name, also kept over a reload.
    await page.getByRole('button', { name: 'Ship name' }).click();
    await page.getByRole('columnheader', { name: 'Ship name' }).and(page.locator('[aria-sort="ascending"]')).waitFor();
    await page.reload();
    await page.getByRole('columnheader', { name: 'Ship name' }).and(page.locator('[aria-sort="ascending"]')).waitFor();

    // Another port through the search: the single window's calls of Rauma.
    await page.getByRole('combobox', { name: 'Showing port' }).fill('Rauma');
    await page.getByRole('option', { name: 'Rauma (FIRAU)' }).click();
    await page.waitForURL('**/portcalls?port=FIRAU');
    await page.getByRole('cell', { name: '2471819' }).waitFor();
    await screenshot(page, 'rauma-en');

    // Finnish.
    // The language is per browser session (the flags live in the account drawer).
    await page.evaluate(() => sessionStorage.setItem('harbor.language', 'fi'));
    await page.reload();
    await page.getByRole('heading', { name: 'Satamakäynnit', level: 1 }).waitFor();
    await page.getByRole('heading', { name: /^Laiturissa/ }).waitFor();
    await page.goto('/portcalls?port=FIVSS');
    await page.getByRole('heading', { name: 'Ankkurissa (1)' }).waitFor();
    await screenshot(page, 'vuosaari-fi');

    // A row opens the map with the ship selected.
    await page.getByRole('row', { name: 'Näytä NORDIC STAR kartalla' }).click();
    await page.waitForURL((u) => u.pathname === '/map');
    expect(await page.evaluate(() => (window.history.state as { usr?: unknown } | null)?.usr)).toEqual({ portCallShipMmsi: 230_100_003 });
  });
});
