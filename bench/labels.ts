/**
 * Labels: one A7 label (ms), a 500-label PDF_A4 batch (s, peak memory) and QR token sign+verify throughput,
 * through the real services on a fresh data directory (shipments created by the shipment service), in a process of
 * their own: the peak memory is then a process that drew labels, not the bench runner with every suite loaded
 * (about 50 MB more).
 * Goals: A7 ≤ 10 ms; 500 labels ≤ 2 s and ≤ 300 MB. Then, over HTTP (stall.ts): a desk's GET while 500-label
 * documents are drawn (p99 ≤ 50 ms) and the load at 200 connections (p99 ≤ 250 ms).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { storeServices } from '../test/helpers/fixtures.js';
import type { ShipmentCreateT } from '../core/features/shipments/schemas.js';
import type { BenchSuite } from './run.js';
import { fmt, summarize, time } from './stats.js';
import { stallBench } from './stall.js';

const BATCH = 500;
const SINGLES = 200;
const WARM_UP = 200;
const QR_ROUNDS = 2_000;

/** CPU time of this process (user + system) in ms: unlike wall time, not inflated by other load on the machine. */
function cpuMs(): number {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
}

function shipment(i: number): ShipmentCreateT {
  return {
    ref: `BENCH-${i}`,
    type: 'DELIVERY',
    origin: {
      contact: { name: 'Depósito Central Ñandú' },
      address: { street: 'Av. Vélez Sarsfield 1500', city: 'Córdoba', state: 'Córdoba', country: 'AR', zip: 'X5000' },
    },
    destination: {
      contact: { name: `Zofia Łukasiewicz-Ğündoğdu ${i}`, phone: '+48123456789' },
      address: {
        street: `ulica Świętokrzyska ${i} m. 4, klatka B`,
        city: 'Kraków',
        state: 'Małopolskie',
        country: 'PL',
        zip: '30-001',
      },
    },
    dimensions: { height: 10, width: 20, length: 30, weight: 1 + (i % 7) / 4 },
  };
}

/** The drawing part, run as `node dist/bench/labels.js draw` (see `labelsSuite`). */
async function draw(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-labels-'));
  const core = await storeServices(dataDir);
  try {
    const { shipments, labels, qr, auth } = core.services;
    const acc = (await auth.createAccount('bench')).id;
    const codes = (await Promise.all(Array.from({ length: BATCH }, (_, i) => shipments.create(acc, shipment(i))))).map(
      (s) => s.code,
    );

    // Warm-up: loads the renderer, parses the fonts, JIT-compiles the hot paths. V8 keeps optimizing them for a
    // couple of hundred labels (measured: after 20 labels the next 200 cost ~30% more CPU than at steady state).
    for (let i = 0; i < WARM_UP; i++) await labels.renderPdf(acc, [codes[i % BATCH]!], { format: 'PDF_A7' });

    let cpu = cpuMs();
    const single = summarize(
      await time(SINGLES, (i) => labels.renderPdf(acc, [codes[i % BATCH]!], { format: 'PDF_A7' })),
    );
    const singleCpu = (cpuMs() - cpu) / SINGLES;
    const a7Bytes = (await labels.renderPdf(acc, [codes[0]!], { format: 'PDF_A7' })).length;
    console.log(
      `one A7 label (renderPdf: token, layout, PDF, labelled_at; ${(a7Bytes / 1000).toFixed(1)} kB): ` +
        `p50 ${fmt(single.p50)}, p95 ${fmt(single.p95)}, CPU ${fmt(singleCpu)} per label (goal ≤ 10 ms)`,
    );

    const rssBefore = process.memoryUsage().rss;
    const t0 = performance.now();
    cpu = cpuMs();
    const pdf = await labels.renderPdf(acc, codes, { format: 'PDF_A4' });
    const seconds = (performance.now() - t0) / 1000;
    const batchCpu = (cpuMs() - cpu) / 1000;
    const peakMb = (process.resourceUsage().maxRSS * 1024) / 1e6; // maxRSS is in KiB
    console.log(
      `${BATCH} labels, PDF_A4 (${Math.ceil(BATCH / 8)} pages, ${(pdf.length / 1e6).toFixed(2)} MB): ${seconds.toFixed(2)} s, ` +
        `CPU ${batchCpu.toFixed(2)} s (goal ≤ 2 s); ` +
        `peak RSS of the process ${peakMb.toFixed(0)} MB (goal ≤ 300 MB; ${(rssBefore / 1e6).toFixed(0)} MB before the batch, after ${WARM_UP + SINGLES} labels)`,
    );

    const t1 = performance.now();
    for (let i = 0; i < QR_ROUNDS; i++) await qr.verify(await qr.sign(codes[i % BATCH]!, acc));
    const perSecond = QR_ROUNDS / ((performance.now() - t1) / 1000);
    console.log(`QR token sign + verify: ${perSecond.toFixed(0)} per second`);
  } finally {
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const labelsSuite: BenchSuite = {
  name: 'labels',
  async run() {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), 'draw'], { stdio: 'inherit' });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    if (code !== 0) throw new Error(`the labels' drawing part ended with ${String(code)}`);
    await stallBench();
  },
};

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === 'draw') await draw();
