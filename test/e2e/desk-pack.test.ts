import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startStation, type Station } from '../helpers/station.js';
import { chromiumMissing, launchChromium } from '../helpers/browser.js';
import { startSink, type Sink } from '../print/sink.js';
import { loopPrinters, packLoop } from './pack-loop.js';

if (chromiumMissing) console.warn(`skipping browser tests: ${chromiumMissing}`);

describe.skipIf(!!chromiumMissing)('Pack in Chromium against `station serve` (HTTP)', () => {
  let s: Station;
  let browser: Browser;
  let token: string;
  let first: Sink;
  let second: Sink;
  let offlinePort: number;

  beforeAll(async () => {
    [first, second] = await Promise.all([startSink('zpl'), startSink('zpl')]);
    // A port that was a printer's and is closed now: a printer switched off.
    const off = await startSink('zpl');
    offlinePort = off.port;
    await off.stop();
    s = await startStation({
      env: { STATION_PRINTER_PORTS: [first.port, second.port, offlinePort].join(','), STATION_PRINT_RETRY_MS: '200' },
    });
    token = await s.token(await s.account('desk'), ['shipments.read', 'shipments.write', 'rates.read']);
    await loopPrinters(s, token, first, second, offlinePort);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await s?.stop();
    await Promise.all([first?.stop(), second?.stop()]);
  });

  it('signs in, then packs and prints with the keyboard only; a reprint; an offline printer’s job moved to another', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.goto(new URL(s.url).origin + '/');
    // The token field has focus on a fresh desk; keys typed before the page has drawn it would go nowhere.
    const tokenField = page.getByLabel('Access token');
    await expect
      .poll(() => tokenField.evaluate((el) => el === el.ownerDocument.activeElement), { timeout: 30_000 })
      .toBe(true);
    await page.keyboard.type(token);
    await page.keyboard.press('Enter');
    // What the page asked the station, in order: each label preview, and each answer about a print job.
    const asked: Array<{ preview: string } | { job: Promise<{ codes: string[]; state: string }> }> = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.endsWith('/labels/preview')) asked.push({ preview: url.searchParams.get('code')! });
    });
    page.on('response', (r) => {
      if (/\/print-jobs(\/\d+)?$/.test(new URL(r.url()).pathname))
        asked.push({ job: r.json().catch(() => ({ codes: [], state: 'unread' })) as never });
    });
    await packLoop(page, { s, token, first, second, offline: 'desk-off' }, 'ORD-9001');
    // Issue 17: the new shipment's preview is asked for once its label is printed, not while it is on its way.
    const { code } = (await s.request('GET', '/scan?value=ORD-9001', { token })).body.shipment;
    const seen = await Promise.all(
      asked.map(async (a) =>
        'preview' in a ? `preview ${a.preview}` : `${(await a.job).state} ${(await a.job).codes.join(',')}`,
      ),
    );
    expect(seen).toContain(`done ${code}`);
    expect(seen.indexOf(`preview ${code}`), seen.join('\n')).toBeGreaterThan(seen.indexOf(`done ${code}`));
    await page.close();
    // A whole desk session of three labels through a browser and a print queue, on a shared 2-core machine.
  }, 120_000);
});
