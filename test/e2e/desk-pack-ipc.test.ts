import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createDeskBridge } from '../../core/adapters/desk/bridge.js';
import { startInProcess, type Station } from '../helpers/station.js';
import { chromiumMissing, launchChromium } from '../helpers/browser.js';
import { startSink, type Sink } from '../print/sink.js';
import { loopPrinters, packLoop } from './pack-loop.js';

if (chromiumMissing) console.warn(`skipping browser tests: ${chromiumMissing}`);

/**
 * The desktop app's way in: the page gets a `window.station` whose `call` reaches the same bridge code as
 * Electron's preload and main process (createDeskBridge over an in-process core), instead of HTTP. The page itself
 * is the built renderer, served by that core.
 */
describe.skipIf(!!chromiumMissing)('Pack in Chromium over the desktop IPC bridge', () => {
  let s: Station;
  let browser: Browser;
  let token: string;
  let first: Sink;
  let second: Sink;
  let offlinePort: number;
  const httpCalls: string[] = [];

  beforeAll(async () => {
    [first, second] = await Promise.all([startSink('zpl'), startSink('zpl')]);
    const off = await startSink('zpl');
    offlinePort = off.port;
    await off.stop();
    s = await startInProcess({
      env: { STATION_PRINTER_PORTS: [first.port, second.port, offlinePort].join(','), STATION_PRINT_RETRY_MS: '200' },
      desk: true,
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

  it('does the whole loop with every call through the bridge, none over HTTP', async () => {
    const bridge = createDeskBridge(s.core!, () => token);
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    page.on('request', (r) => r.url().includes('/v1/') && httpCalls.push(r.url()));
    await page.exposeFunction('__deskBridgeCall', (req: unknown) => bridge.call(req));
    await page.addInitScript(() => {
      const w = globalThis as unknown as { station: unknown; __deskBridgeCall: (req: unknown) => Promise<unknown> };
      w.station = { call: (req: unknown) => w.__deskBridgeCall(req) };
    });
    await page.goto(new URL(s.url).origin + '/');
    // The desktop desk is signed in by its bridge: no sign-in form, straight to the scan field.
    await packLoop(page, { s, token, first, second, offline: 'desk-off' }, 'ORD-IPC-1');
    // Label PDFs are links, not API calls; everything else went through the bridge.
    expect(httpCalls).toEqual([]);
    await page.close();
  }, 120_000);
});
