import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { PERMISSIONS } from '../../core/shared/schemas/codes.js';
import { launchChromium } from '../helpers/browser.js';
import { directAccount, shipmentBody, type Body } from '../helpers/fixtures.js';
import { ROOT, startStation, type Station } from '../helpers/station.js';
import { SINK_PORTS, startSink, type Sink } from '../print/sink.js';

export const SHOTS = join(ROOT, 'test-results', 'screenshots');
const SIZES = [
  [1366, 768],
  [1920, 1080],
] as const;

/** The tones the page played (Web Audio oscillators started), and the colour state of the desk. */
export interface Heard {
  tones: number[];
  feedback: string | null;
}

/**
 * Records every oscillator the page starts (its frequency): the desk's sounds are Web Audio, observable only
 * from inside the page. Installed before the page's own script.
 */
function recordTones(): void {
  const g = globalThis as unknown as {
    __tones: number[];
    OscillatorNode: { prototype: { start: (...a: unknown[]) => void; frequency: { value: number } } };
  };
  g.__tones = [];
  const start = g.OscillatorNode.prototype.start;
  g.OscillatorNode.prototype.start = function (this: { frequency: { value: number } }, ...a: unknown[]) {
    g.__tones.push(this.frequency.value);
    return start.apply(this, a);
  };
}

export interface DeskSession {
  s: Station;
  token: string;
  browser: Browser;
  page: Page;
  /** The default A7 printer (zpl) and another one. */
  a7: Sink;
  other: Sink;
  /** Shipments through the API, as another desk or a store would make them. */
  create(over?: Body): Promise<Body>;
  /** Everything the page played since the last call, and the colour it shows now. */
  heard: () => Promise<Heard>;
  statusText: () => Promise<string | null>;
  /**
   * Typed as a scanner does: the whole code at once, then Enter, wherever the focus is. `spacedMs`: the keys still say
   * they were typed 4 ms apart, but reach the page this far apart, as on a computer too busy to pass them on at once.
   */
  scan(value: string, spacedMs?: number): Promise<void>;
  waitingForScan: () => Promise<boolean>;
  /** The text of what has the focus (a button's name). */
  focusedText: () => Promise<string>;
  nav(name: string): Promise<void>;
  /**
   * The desk loaded again, on Pack with nothing open and the focus in the scan field: a test that starts here does
   * not inherit a form or a dialog that the test before left open when it failed.
   */
  home(): Promise<void>;
  /** Both desk sizes; `busy` when the picture is of something under way (else it waits for the screen to settle). */
  shoot(name: string, opts?: { busy?: boolean }): Promise<void>;
  stop(): Promise<void>;
}

/** Keys typed before the desk has put the focus in its scan field would go nowhere. */
async function scanFieldFocused(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      (globalThis as unknown as { document: { activeElement: { id?: string } | null } }).document.activeElement?.id ===
      'scan',
    null,
    { timeout: 30_000 },
  );
}

/** A station with two thermal printers, a desk signed in on Pack, and what the page plays recorded. */
export async function deskSession(env: Record<string, string> = {}): Promise<DeskSession> {
  const [a7, other] = await Promise.all([startSink('zpl'), startSink('zpl')]);
  const s = await startStation({ env: { STATION_PRINTER_PORTS: SINK_PORTS, ...env } });
  const { token } = await directAccount(s, 'desk', PERMISSIONS);
  for (const [name, sink, def] of [
    ['desk-a7', a7, 'PDF_A7'],
    ['desk-other', other, null],
  ] as const) {
    const r = await s.request('POST', '/printers', {
      token,
      body: { name, driver: 'zpl', connection: sink.url, default_for: def },
    });
    expect(r.status, r.text).toBe(201);
  }
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await page.addInitScript(recordTones);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const origin = new URL(s.url).origin;
  await page.goto(`${origin}/#token=${token}`);
  await scanFieldFocused(page);
  return {
    s,
    token,
    browser,
    page,
    a7,
    other,
    async create(over = {}) {
      const r = await s.request('POST', '/shipments', { token, body: shipmentBody(over) });
      expect(r.status, r.text).toBe(201);
      return r.body;
    },
    async heard() {
      return page.evaluate(() => {
        const g = globalThis as unknown as {
          __tones: number[];
          document: { documentElement: { dataset: Record<string, string | undefined> } };
        };
        const tones = g.__tones.splice(0);
        return { tones, feedback: g.document.documentElement.dataset.feedback ?? null };
      });
    },
    focusedText: () => page.evaluate<string>("document.activeElement?.textContent ?? ''"),
    statusText: () => page.getByRole('status').first().textContent(),
    async scan(value, spacedMs = 0) {
      // A scanner's keys, stamped 4 ms apart as it typed them (the desk times keys by their timeStamp), all sent at
      // once. Typed one by one and waited for, as `keyboard.type` does, keys on a loaded machine were stamped 40 ms and
      // more apart, a person's pace, and a scan into a form field was left in the field.
      const cdp = await page.context().newCDPSession(page);
      const t0 = Date.now() / 1000;
      const keys = [...[...value].map((c) => ({ key: c, text: c })), { key: 'Enter', text: '\r', code: 'Enter' }];
      const sent: Promise<unknown>[] = [];
      for (const [i, k] of keys.entries()) {
        const at = t0 + i * 0.004;
        const vk = k.key === 'Enter' ? { windowsVirtualKeyCode: 13, nativeVirtualKeyCode: 13 } : {};
        sent.push(
          cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...k, unmodifiedText: k.text, ...vk, timestamp: at }),
          cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: k.key, ...vk, timestamp: at + 0.001 }),
        );
        if (spacedMs > 0) {
          await Promise.all(sent);
          await new Promise((r) => setTimeout(r, spacedMs));
        }
      }
      await Promise.all(sent);
      await cdp.detach();
    },
    // By its id: its name is the desk's language's.
    waitingForScan: () =>
      page
        .locator('#scan')
        .evaluate((el) => el === el.ownerDocument.activeElement && (el as unknown as { value: string }).value === ''),
    async nav(name) {
      const link = page.getByRole('navigation', { name: /^(Views|Vistas)$/ }).getByRole('link', { name, exact: true });
      await link.click();
      await expect.poll(() => link.getAttribute('aria-current')).toBe('page');
    },
    async home() {
      // Away and back: going to the same page by its address alone would only change the route, keeping the state.
      // The tab keeps its token (session storage).
      await page.goto('about:blank');
      await page.goto(`${origin}/#/`);
      await scanFieldFocused(page);
    },
    async shoot(name, opts = {}) {
      mkdirSync(SHOTS, { recursive: true });
      if (!opts.busy) await expect.poll(() => page.locator('main [aria-busy="true"]').count()).toBe(0);
      for (const [width, height] of SIZES) {
        await page.setViewportSize({ width, height });
        await page.screenshot({ path: join(SHOTS, `${name}-${width}x${height}.png`) });
      }
      await page.setViewportSize({ width: 1366, height: 768 });
    },
    async stop() {
      expect(errors, 'errors thrown in the page').toEqual([]);
      await browser.close();
      await s.stop();
      await Promise.all([a7.stop(), other.stop()]);
    },
  };
}
