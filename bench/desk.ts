/**
 * The desk's own latency, as an operator with a scanner lives it, through Chromium against `station serve`'s HTTP
 * adapter and a printer on 127.0.0.1: scan a label's code + Enter (the desk opens the shipment), Enter again (print),
 * until the status line says "printed on …" — the label acknowledged by the printer. Goal: p95 ≤ 150 ms.
 * Needs the built renderer (`npm run build`) and Debian's Chromium.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ownerClient } from '../core/cli/context.js';
import { listen } from '../core/http/listen.js';
import { createCore } from '../core/index.js';
import { benchAccount } from './owner.js';
import { chromiumMissing, launchChromium } from '../test/helpers/browser.js';
import { startSink } from '../test/print/sink.js';
import type { BenchSuite } from './run.js';
import { fmt, summarize } from './stats.js';

const LABELS = Number(process.env.BENCH_DESK_LABELS ?? 50);
const WARMUP = 3;
const rendererDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'out', 'renderer');

async function run(): Promise<void> {
  if (chromiumMissing) {
    console.log(`skipped: ${chromiumMissing}`);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-desk-'));
  const core = await createCore({ dataDir: dir });
  const sink = await startSink('zpl');
  const { app, url } = await listen(core, { host: '127.0.0.1', port: 0, rendererDir, rateLimitPerMinute: 0 });
  const browser = await launchChromium();
  try {
    const { accountId: account, token } = await benchAccount(core, 'desk', [
      'shipments.read',
      'shipments.write',
      'rates.read',
    ]);
    const owner = await ownerClient(core, account);
    await owner.call('printers.create', {
      body: { name: 'desk-a7', driver: 'zpl', connection: sink.url, default_for: 'PDF_A7' },
    });
    const party = (name: string) => ({
      contact: { name, phone: '+5491155550000' },
      address: {
        street: 'Av. Corrientes 1234',
        city: 'Buenos Aires',
        state: 'CABA',
        country: 'AR' as const,
        zip: 'C1043',
      },
    });
    const codes: string[] = [];
    for (let i = 0; i < LABELS + WARMUP; i++)
      codes.push(
        (
          await owner.call('shipments.create', {
            body: {
              ref: `DESK-${i}`,
              type: 'DELIVERY',
              origin: party('Depósito'),
              destination: party('José Pérez'),
              dimensions: { height: 10, width: 20, length: 30, weight: 1.2 },
            },
          })
        ).code,
      );

    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.goto(`${new URL(url).origin}/#token=${token}`);
    const scan = page.getByRole('textbox', { name: 'Scan' });
    await scan.waitFor();
    /** Resolves when the status line holds `text`, checked in the page at every frame. */
    type Dom = { document: { querySelector(s: string): { textContent: string | null } | null } };
    const statusHas = (text: string) =>
      page.waitForFunction(
        (t) =>
          (globalThis as unknown as Dom).document.querySelector('[role=status]')?.textContent?.includes(t) ?? false,
        text,
        {
          polling: 'raf',
          timeout: 20_000,
        },
      );

    const whole: number[] = [];
    const printOnly: number[] = [];
    for (const [i, code] of codes.entries()) {
      // A scanner types in a burst; the operator's wait starts at its Enter.
      await page.keyboard.type(code);
      const t0 = performance.now();
      await page.keyboard.press('Enter');
      await statusHas(`${code} (order`);
      const t1 = performance.now();
      await page.keyboard.press('Enter');
      await statusHas(`${code} printed on desk-a7`);
      const t2 = performance.now();
      if (i >= WARMUP) {
        whole.push(t2 - t0);
        printOnly.push(t2 - t1);
      }
    }
    if (sink.jobs.length !== codes.length)
      throw new Error(`the printer got ${sink.jobs.length} labels for ${codes.length} prints`);
    for (const [label, samples] of [
      ['scan Enter → opened, Enter → "printed" shown', whole],
      ['Enter (print) → "printed" shown', printOnly],
    ] as const) {
      const s = summarize(samples);
      console.log(`${label}: p50 ${fmt(s.p50)}, p95 ${fmt(s.p95)}, max ${fmt(s.max)} (n=${s.n}; goal p95 ≤ 150 ms)`);
    }
  } finally {
    await browser.close();
    await app.close();
    await core.close();
    await sink.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export const deskSuite: BenchSuite = { name: 'desk', run };
