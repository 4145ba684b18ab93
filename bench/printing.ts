/**
 * Scan-to-printer latency: from a shipment code to the last byte of its label acknowledged by a printer on
 * 127.0.0.1, through the whole path a packing desk uses (submit a print job → the queue's worker → real label
 * rendering → driver → TCP with the status-request acknowledgement; each label marked "on its way" in the store
 * before its first byte and counted after its acknowledgement). ESC/POS raster and ZPL. Goal: p95 ≤ 50 ms.
 * Also shown: the share of label rendering alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { storeServices } from '../test/helpers/fixtures.js';
import { startSink } from '../test/print/sink.js';
import type { BenchSuite } from './run.js';
import { fmt, summarize } from './stats.js';

const LABELS = Number(process.env.BENCH_PRINT_LABELS ?? 100);
const WARMUP = 5;

async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-print-'));
  const core = await storeServices(dir);
  const { auth, shipments, printing, labels } = core.services;
  try {
    const account = (await auth.createAccount('bench')).id;
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
    const codes = async (n: number) =>
      (
        await Promise.all(
          Array.from({ length: n }, (_, i) =>
            shipments.create(account, {
              ref: `BENCH-${Math.random().toString(36).slice(2)}-${i}`,
              type: 'DELIVERY',
              origin: party('Depósito Central'),
              destination: party('José Pérez'),
              dimensions: { height: 10, width: 20, length: 30, weight: 1.2 },
            }),
          ),
        )
      ).map((s) => s.code);

    for (const protocol of ['escpos', 'zpl'] as const) {
      // The tests' printer: it answers the acknowledgement request and records the job as it does.
      const printer = await startSink(protocol);
      // The bench is the owner: its printers listen on whatever port is free.
      await printing.createPrinter(
        account,
        { name: protocol, driver: protocol, connection: printer.url },
        { owner: true },
      );
      const samples: number[] = [];
      for (const [i, code] of (await codes(LABELS + WARMUP)).entries()) {
        const acked = new Promise<number>((resolve) => (printer.onJob = () => resolve(performance.now())));
        const t0 = performance.now();
        const job = await printing.submit(account, { codes: [code], printer: protocol });
        const t1 = await acked;
        await printing.waitForJob(account, job.id);
        if (i >= WARMUP) samples.push(t1 - t0);
      }
      const s = summarize(samples);
      console.log(
        `scan-to-printer ${protocol.padEnd(6)} (n=${s.n}): p50 ${fmt(s.p50)}  p95 ${fmt(s.p95)}  max ${fmt(s.max)}  goal p95 ≤ 50 ms`,
      );
      await printer.stop();
    }

    const render: number[] = [];
    for (const code of await codes(LABELS)) {
      const t = performance.now();
      await labels.renderRaster(account, code, 203);
      render.push(performance.now() - t);
    }
    const r = summarize(render);
    console.log(`  of which label raster rendering (203 dpi): p50 ${fmt(r.p50)}  p95 ${fmt(r.p95)}`);
  } finally {
    await core.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export const printingSuite: BenchSuite = { name: 'printing', run };
