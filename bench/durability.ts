/**
 * `synchronous = NORMAL` against `FULL` for creates (docs/durability.md). In WAL mode NORMAL skips the fsync at
 * each commit, so the last acknowledged transactions may vanish on a power cut (never on a process crash); FULL
 * syncs the WAL before a commit returns. Each mode creates BENCH_DURABILITY_CREATES (default 1,000) shipments one
 * after another through the shipment service, on a fresh store on this machine's disk, as the desk does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '../core/platform/clock.js';
import { openSqliteEngine } from '../core/engines/sqlite/index.js';
import { createServices } from '../core/app/services.js';
import type { ShipmentCreateT } from '../core/features/shipments/schemas.js';
import { shipmentBody, uniqueRef } from '../test/helpers/fixtures.js';
import type { BenchSuite } from './run.js';
import { fmt, summarize, time } from './stats.js';

const CREATES = Number(process.env.BENCH_DURABILITY_CREATES ?? 1000);

async function measure(mode: 'NORMAL' | 'FULL'): Promise<void> {
  const dir = mkdtempSync(join(process.env.BENCH_DIR ?? tmpdir(), 'bench-durability-'));
  // The engine is opened here, not through the core, to set its durability before the services are built on it.
  const engine = openSqliteEngine(dir, { clock: systemClock, env: process.env });
  try {
    engine.db.pragma(`synchronous = ${mode}`);
    const services = await createServices({ engine, clock: systemClock, dataDir: dir });
    const account = (await services.auth.createAccount('bench')).id;
    const body = shipmentBody() as ShipmentCreateT;
    const started = performance.now();
    const samples = await time(CREATES, () => services.shipments.create(account, { ...body, ref: uniqueRef('D') }));
    const seconds = (performance.now() - started) / 1000;
    const s = summarize(samples);
    console.log(
      `${mode.padEnd(6)} creates: ${(CREATES / seconds).toFixed(0)}/s, p50 ${fmt(s.p50)}, p95 ${fmt(s.p95)}, max ${fmt(s.max)} (n=${s.n})`,
    );
  } finally {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export const durabilitySuite: BenchSuite = {
  name: 'durability',
  async run() {
    // Twice each, alternating, so that a disk's warm-up or a neighbour's burst does not favour one mode.
    for (const mode of ['NORMAL', 'FULL', 'NORMAL', 'FULL'] as const) await measure(mode);
  },
};
