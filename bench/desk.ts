/**
 * The desk's own latency as an operator lives it: a new shipment's form filled, Control+Enter, until the status line
 * says "printed on …" (the label acknowledged by a printer on 127.0.0.1). Timed in the page, from the keydown to the
 * status line's change, through Chromium against a `station serve` process of its own, in two conditions:
 *
 * - quiet: nothing else on the station;
 * - busy: another desk prints 500-label batches (A7, its own thermal printer, which acknowledges at once) on the
 *   same station the whole time, following each job as the desk does (long polling).
 *
 * Goal: p95 ≤ 60 ms quiet, p95 ≤ 150 ms busy. Also printed: where the time goes, from the page's own requests
 * (create, print job, the job's long poll until done, the screen after the answer), and the slowest labels' split.
 * Needs the built renderer (`npm run build`) and Debian's Chromium. BENCH_DESK_LABELS (default 50) labels per
 * condition; BENCH_PROFILE=DIR writes the service's CPU profiles there; BENCH_TRACE=FILE Chromium's trace of the
 * page over the quiet labels (marks `desk:keydown` and `desk:shown` around each).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { createClient, httpTransport, type StationClient } from '../core/shared/client/index.js';
import { ownerClient } from '../core/adapters/cli/context.js';
import { createCore } from '../core/app/index.js';
import { benchAccount } from './owner.js';
import { ownerPrincipal } from '../core/platform/operations/principal.js';
import type { Permission } from '../core/shared/schemas/codes.js';
import { chromiumMissing, launchChromium } from '../test/helpers/browser.js';
import { startSink, type Sink } from '../test/print/sink.js';
import type { BenchSuite } from './run.js';
import { profileArgs } from './shipments.js';
import { fmt, summarize } from './stats.js';

const LABELS = Number(process.env.BENCH_DESK_LABELS ?? 50);
const WARMUP = 5;
const BATCH = 500;
const STATION_BIN = resolve(import.meta.dirname, '..', '..', 'bin', 'station.js');

/** What the page records (installed before the desk's own script): the keydown, each request, the status line. */
interface Trace {
  t0: number;
  shown: number;
  /** Each request as the page's script saw it: called, and its answer's promise resolved. */
  requests: Array<{ method: string; path: string; start: number; end: number }>;
}
/** A request as the browser timed it (Resource Timing): sent, and the first byte of its answer. */
interface Wire {
  path: string;
  requestStart: number;
  responseStart: number;
}
/** The page's globals this bench touches (the page runs in Chromium, not here). */
interface PageGlobals {
  __trace: Trace;
  fetch: typeof fetch;
  performance: {
    setResourceTimingBufferSize(n: number): void;
    clearResourceTimings(): void;
    getEntriesByType(type: 'resource'): Array<{ name: string } & Omit<Wire, 'path'>>;
  };
  document: {
    addEventListener(type: string, fn: (e: { key?: string; ctrlKey?: boolean }) => void, capture?: boolean): void;
    querySelector(s: string): { textContent: string | null } | null;
    body: unknown;
  };
  MutationObserver: new (fn: () => void) => { observe(target: unknown, o: object): void };
}

/** Runs in the page before its own script (serialized: it may use nothing from this module). */
function instrument(printer: string): void {
  const page = globalThis as unknown as PageGlobals;
  const trace: Trace = { t0: 0, shown: 0, requests: [] };
  page.__trace = trace;
  page.performance.setResourceTimingBufferSize(1000);
  const original = page.fetch.bind(globalThis);
  page.fetch = async (input, init) => {
    const start = performance.now();
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    try {
      return await original(input, init);
    } finally {
      if (trace.t0 && !trace.shown)
        trace.requests.push({ method: init?.method ?? 'GET', path: url.pathname, start, end: performance.now() });
    }
  };
  page.document.addEventListener(
    'keydown',
    (e) => {
      if (e.key === 'Enter' && e.ctrlKey) {
        trace.t0 = performance.now();
        performance.mark('desk:keydown');
        trace.shown = 0;
        trace.requests = [];
        page.performance.clearResourceTimings();
      }
    },
    true,
  );
  page.document.addEventListener('DOMContentLoaded', () =>
    new page.MutationObserver(() => {
      const text = page.document.querySelector('[role=status]')?.textContent ?? '';
      if (trace.t0 && !trace.shown && text.includes(`printed on ${printer}`)) {
        trace.shown = performance.now();
        performance.mark('desk:shown');
      }
    }).observe(page.document.body, { subtree: true, childList: true, characterData: true }),
  );
}

interface Sample {
  total: number;
  /** Keydown → the create's request sent by the page's script (validation, state, re-renders). */
  beforeCreate: number;
  create: number;
  /** The create's request sent → its answer's first byte (the service, over the loopback). */
  createWire: number;
  queue: number;
  job: number;
  /** The print job's answer → its first long poll sent. */
  toPoll: number;
  screen: number;
}

/** One new shipment through the form, keyboard only from the scan field; its timing as the page saw it. */
async function oneLabel(page: Page, ref: string): Promise<Sample> {
  await page.keyboard.type(ref);
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'New shipment' });
  await form.getByLabel('Name').waitFor();
  for (const [label, value] of [
    ['Name', 'José Pérez'],
    ['Street and number', 'Av. Corrientes 1234'],
    ['City', 'Buenos Aires'],
    ['Province', 'CABA'],
    ['Postal code', 'C1043'],
    ['Weight (kg)', '1,2'],
    ['Length (cm)', '30'],
    ['Width (cm)', '20'],
    ['Height (cm)', '10'],
  ] as const)
    await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole('radiogroup', { name: 'Shipping method' }).getByRole('radio', { checked: true }).waitFor();
  await form.getByLabel('Height (cm)', { exact: true }).focus();
  await page.keyboard.press('Control+Enter');
  await page
    .waitForFunction(() => (globalThis as unknown as PageGlobals).__trace.shown > 0, null, {
      polling: 'raf',
      timeout: 30_000,
    })
    .catch(async (e: unknown) => {
      const t = await page.evaluate(() => (globalThis as unknown as PageGlobals).__trace);
      throw new Error(
        `"printed" not shown; the status says: ${await page.getByRole('status').textContent()} ${JSON.stringify(t)}`,
        {
          cause: e,
        },
      );
    });
  const [t, wire] = await page.evaluate(() => {
    const g = globalThis as unknown as PageGlobals;
    return [
      g.__trace,
      g.performance.getEntriesByType('resource').map((e) => ({
        path: new URL(e.name).pathname,
        requestStart: e.requestStart,
        responseStart: e.responseStart,
      })),
    ] as [Trace, Wire[]];
  });
  const createWire = wire.find((w) => w.path.endsWith('/shipments'));
  const create = t.requests.find((r) => r.method === 'POST' && r.path.endsWith('/shipments'));
  const queued = t.requests.find((r) => r.method === 'POST' && r.path.endsWith('/print-jobs'));
  const polls = t.requests.filter((r) => /\/print-jobs\/\d+$/.test(r.path));
  const answered = polls.at(-1)?.end ?? queued?.end ?? t.shown;
  return {
    total: t.shown - t.t0,
    beforeCreate: (create?.start ?? t.t0) - t.t0,
    create: (create?.end ?? t.t0) - t.t0,
    createWire: createWire ? createWire.responseStart - createWire.requestStart : NaN,
    queue: (queued?.end ?? create?.end ?? t.t0) - (create?.end ?? t.t0),
    job: answered - (queued?.end ?? answered),
    toPoll: (polls[0]?.start ?? answered) - (queued?.end ?? answered),
    screen: t.shown - answered,
  };
}

/** The other desk: 500-label batches on its own printer, one after another, each followed until done. */
function otherDesk(client: StationClient, codes: string[], sink: Sink) {
  let running = true;
  let batches = 0;
  const done = (async () => {
    while (running) {
      const job = await client.call('printJobs.create', {
        body: { codes, printer: 'desk-b', format: 'PDF_A7', ...(batches > 0 ? { reprint: true } : {}) },
      });
      let seen = job;
      while (running && !['done', 'failed', 'canceled'].includes(seen.state))
        seen = await client.call('printJobs.get', {
          params: { id: String(job.id) },
          query: { wait_ms: 20_000, seen_state: seen.state, seen_done: seen.progress.done },
        });
      if (seen.state !== 'done' && running) throw new Error(`the other desk's batch ended ${seen.state}`);
      batches += 1;
      sink.jobs.length = 0; // what it printed is not looked at: keep memory flat
    }
  })();
  return {
    async stop() {
      running = false;
      await done.catch(() => undefined);
      return batches;
    },
  };
}

async function run(): Promise<void> {
  if (chromiumMissing) {
    console.log(`skipped: ${chromiumMissing}`);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-desk-'));
  const mine = await startSink('zpl');
  const theirs = await startSink('zpl');
  let station: ChildProcess | null = null;
  const browser = await launchChromium();
  try {
    // The store is made before the service starts: accounts, tokens, printers and the other desk's shipments.
    const setup = await createCore({ dataDir: dir, printQueue: false });
    const permissions: Permission[] = ['shipments.read', 'shipments.write', 'rates.read'];
    const { accountId: account, token: tokenA } = await benchAccount(setup, 'desk', permissions);
    const tokenB = (
      await setup.execute('tokens.create', { body: { name: 'desk B', permissions } }, ownerPrincipal(account))
    ).token;
    const owner = await ownerClient(setup, account);
    await owner.call('printers.create', {
      body: { name: 'desk-a7', driver: 'zpl', connection: mine.url, default_for: 'PDF_A7' },
    });
    await owner.call('printers.create', { body: { name: 'desk-b', driver: 'zpl', connection: theirs.url } });
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
    const batch: string[] = [];
    for (let i = 0; i < BATCH; i++)
      batch.push(
        (
          await owner.call('shipments.create', {
            body: {
              ref: `B-${i}`,
              type: 'DELIVERY',
              origin: party('Depósito'),
              destination: party(`Cliente ${i}`),
              dimensions: { height: 10, width: 20, length: 30, weight: 1.2 },
            },
          })
        ).code,
      );
    await setup.close();

    station = spawn(process.execPath, [...profileArgs, STATION_BIN, 'serve', '--port', '0', '--data', dir], {
      env: { ...process.env, STATION_RATE_LIMIT: '0', STATION_PRINTER_PORTS: '1024-65535' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const baseUrl = await new Promise<string>((res, rej) => {
      let out = '';
      station!.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /listening on (\S+)/.exec(out);
        if (m) res(m[1]!);
      });
      station!.once('exit', (code) => rej(new Error(`station exited with ${code}`)));
    });

    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.addInitScript(instrument, 'desk-a7');
    await page.goto(`${new URL(baseUrl).origin}/#token=${tokenA}`);
    await page.getByRole('textbox', { name: 'Scan', exact: true }).waitFor();

    const conditions: Array<[string, number, Sample[]]> = [];
    let n = 0;
    const measure = async (condition: string, goal: number) => {
      const samples: Sample[] = [];
      for (let i = 0; i < LABELS + WARMUP; i++) {
        const s = await oneLabel(page, `DESK-${n++}`);
        if (i >= WARMUP) samples.push(s);
      }
      conditions.push([condition, goal, samples]);
    };

    // BENCH_TRACE=FILE: Chromium's trace of the page (its main thread's tasks) over the quiet labels.
    if (process.env.BENCH_TRACE)
      await browser.startTracing(page, {
        path: process.env.BENCH_TRACE,
        categories: ['devtools.timeline', 'blink.user_timing', 'v8.execute', 'disabled-by-default-devtools.timeline'],
      });
    await measure('quiet', 60);
    if (process.env.BENCH_TRACE) await browser.stopTracing();
    const other = otherDesk(createClient(httpTransport({ baseUrl, token: tokenB })), batch, theirs);
    // Its first labels are under way before the first measured one.
    await theirs.waitForJobs(20, 60_000);
    await measure(`busy (another desk printing ${BATCH}-label batches)`, 150);
    const batches = await other.stop();
    if (mine.jobs.length !== n) throw new Error(`the desk's printer got ${mine.jobs.length} labels for ${n} prints`);

    console.log(`Control+Enter → label acknowledged → "printed" shown, timed in the page (n=${LABELS} each):`);
    for (const [condition, goal, samples] of conditions) {
      const s = summarize(samples.map((x) => x.total));
      console.log(
        `  ${condition}: p50 ${fmt(s.p50)}, p95 ${fmt(s.p95)}, max ${fmt(s.max)} (goal p95 ≤ ${goal} ms: ${s.p95 <= goal ? 'met' : 'NOT met'})`,
      );
      const part = (k: keyof Sample) => summarize(samples.map((x) => x[k]));
      console.log(
        `    where it goes (p50 / p95): create ${fmt(part('create').p50)} / ${fmt(part('create').p95)}; ` +
          `print job queued ${fmt(part('queue').p50)} / ${fmt(part('queue').p95)}; ` +
          `label rendered, sent, acknowledged and the job's answer ${fmt(part('job').p50)} / ${fmt(part('job').p95)}; ` +
          `screen after the answer ${fmt(part('screen').p50)} / ${fmt(part('screen').p95)}`,
      );
      console.log(
        `    of which (p50 / p95): before the create's request ${fmt(part('beforeCreate').p50)} / ${fmt(part('beforeCreate').p95)}; ` +
          `the create's request to its answer's first byte ${fmt(part('createWire').p50)} / ${fmt(part('createWire').p95)}; ` +
          `the job queued to its long poll sent ${fmt(part('toPoll').p50)} / ${fmt(part('toPoll').p95)}`,
      );
      // The p95 is the few slowest labels: where their time went.
      const r = (x: number) => x.toFixed(1);
      for (const x of [...samples].sort((a, b) => b.total - a.total).slice(0, Math.ceil(samples.length / 20) + 2))
        console.log(
          `    slow: ${r(x.total)} = before ${r(x.beforeCreate)} + create ${r(x.create - x.beforeCreate)} (wire ${r(x.createWire)}) + ` +
            `queued ${r(x.queue)} + job ${r(x.job)} (to poll ${r(x.toPoll)}) + screen ${r(x.screen)}`,
        );
    }
    console.log(`  the other desk printed ${batches} batch(es) of ${BATCH} meanwhile`);
  } finally {
    await browser.close();
    if (station && station.exitCode === null) {
      const exited = new Promise((r) => station!.once('exit', r));
      station.kill('SIGTERM');
      await exited;
    }
    await mine.stop();
    await theirs.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export const deskSuite: BenchSuite = { name: 'desk', run };
