/**
 * Create over HTTP against its own baselines, measured side by side in one run: `station serve` (token, validation,
 * rules, the one door) and two bare Fastify + better-sqlite3 routes (bench/bare-create.ts): `plain` inserts the
 * same shipment row and first event (the goal's baseline), `indexed` also writes the full-text search words at once
 * (the station writes them behind, in batches). Each serves a fresh store in its own process; rounds alternate
 * between them so that a busy machine slows all alike. Goal: station ≥ 0.8 of the plain route's throughput, the
 * median of the rounds' paired ratios; each round's ratio is printed too, since on a shared machine they spread
 * widely. Besides throughput, each server's CPU per create is reported: on a machine busy with other work it is the
 * steadier measure.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createCore } from '../core/app/index.js';
import { benchAccount } from './owner.js';
import { rng } from '../test/helpers/random.js';
import type { BenchSuite } from './run.js';
import { median } from './stats.js';
import { shipment, spawnServer, STATION_BIN } from './shipments.js';

const BARE_BIN = resolve(import.meta.dirname, 'bare-create.js');
const CLIENTS = 4;
/**
 * Unmeasured rounds first, alternating like the measured ones. A fresh process takes a few thousand creates to
 * reach its pace (V8 optimizing the request path, SQLite's caches filling): measured alone, round after round of
 * 600, each route ran at a third to a half of its later rate in the first round and settled by the fourth or fifth.
 * With one warm-up of 300 creates the first measured rounds were part of that climb, the station's more than the
 * bare route's, since it runs far more code per request.
 */
const WARM_UP_ROUNDS = 5;
const ROUNDS = Number(process.env.BENCH_CREATE_ROUNDS ?? 15);
const PER_ROUND = 600;

interface Target {
  name: string;
  url: string;
  pid: number;
  headers: Record<string, string>;
  stop: () => Promise<void>;
}

/** A fresh store with one account and a token that may create; its path and both ids. */
async function freshStore(): Promise<{ dataDir: string; accountId: number; token: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-create-'));
  const core = await createCore({ dataDir, printQueue: false });
  try {
    return { dataDir, ...(await benchAccount(core, 'bench', ['shipments.write', 'shipments.read'])) };
  } finally {
    await core.close();
  }
}

let made = 0;
const data = rng(99);
const run = Date.now().toString(36).toUpperCase();

/**
 * CPU time a process has used, in ms (Linux: user + system from /proc). On a machine busy with other work the
 * server's CPU per create is steadier than its throughput.
 */
export function cpuMs(pid: number): number {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return NaN; // not Linux: throughput only
  }
  const fields = stat.split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

export interface Measure {
  rate: number;
  /** The server's CPU ms per request: steadier than throughput on a machine busy with other work. */
  cpu: number;
}

/**
 * `n` requests from `clients` clients at once, each made by `one`, then `after`: requests per second and CPU per
 * request.
 */
export async function rate(
  t: { pid: number },
  clients: number,
  n: number,
  one: (i: number) => Promise<void>,
  after?: () => Promise<void>,
): Promise<Measure> {
  let next = 0;
  const c0 = cpuMs(t.pid);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = next++; i < n; i = next++) await one(i);
    }),
  );
  await after?.();
  return { rate: n / ((performance.now() - t0) / 1000), cpu: (cpuMs(t.pid) - c0) / n };
}

/** `n` creates from CLIENTS clients at once: shipments per second, and the server's CPU ms per create. */
const creates = (t: Target, n: number): Promise<Measure> =>
  rate(
    t,
    CLIENTS,
    n,
    async () => {
      const i = made++;
      const res = await fetch(`${t.url}/shipments`, {
        method: 'POST',
        headers: { ...t.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ ...shipment(data, i), ref: `NEW-${run}-${i}` }),
      });
      if (res.status !== 201) throw new Error(`${t.name} create: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    },
    // The station indexes the words behind the creates; a search by words indexes whatever is left first, so that
    // the round pays for all the work its creates caused, not only what was done before it ended.
    t.name === 'station'
      ? async () => {
          const res = await fetch(`${t.url}/shipments?q=${run}`, { headers: t.headers });
          if (res.status !== 200) throw new Error(`station search: ${res.status} ${await res.text()}`);
          await res.arrayBuffer();
        }
      : undefined,
  );

export const createSuite: BenchSuite = {
  name: 'create',
  async run() {
    const a = await freshStore();
    const b = await freshStore();
    const c = await freshStore();
    const targets: Target[] = [];
    try {
      const station = await spawnServer([
        STATION_BIN,
        'serve',
        '--port',
        '0',
        '--data',
        a.dataDir,
        '--rate-limit',
        '0',
      ]);
      targets.push({
        name: 'station',
        url: station.url,
        pid: station.pid,
        headers: { authorization: `Bearer ${a.token}` },
        stop: station.stop,
      });
      for (const [mode, store] of [
        ['plain', b],
        ['indexed', c],
      ] as const) {
        const bare = await spawnServer([BARE_BIN, store.dataDir, String(store.accountId), mode]);
        targets.push({ name: mode, url: bare.url, pid: bare.pid, headers: {}, stop: bare.stop });
      }

      for (let r = 0; r < WARM_UP_ROUNDS; r++) for (const t of targets) await creates(t, PER_ROUND);
      const rounds = new Map<string, { rate: number; cpu: number }[]>(targets.map((t) => [t.name, []]));
      for (let r = 0; r < ROUNDS; r++) for (const t of targets) rounds.get(t.name)!.push(await creates(t, PER_ROUND));

      const rate = (name: string) => median(rounds.get(name)!.map((x) => x.rate));
      const cpu = (name: string) => median(rounds.get(name)!.map((x) => x.cpu));
      for (const [name, xs] of rounds)
        console.log(
          `${name.padEnd(8)} ${String(Math.round(rate(name))).padStart(5)} creates/s, ${cpu(name).toFixed(2)} ms server CPU per create ` +
            `(medians of ${ROUNDS} rounds of ${PER_ROUND} from ${CLIENTS} clients; rates ${xs.map((x) => Math.round(x.rate)).join(', ')})`,
        );
      // Each round's ratio is of two measures taken back to back, under the same load from the rest of the machine;
      // their median is steadier than the ratio of two medians, which may come from calmer and busier moments.
      const ratios = (base: string, of: (x: { rate: number; cpu: number }) => number) =>
        rounds.get('station')!.map((x, r) => of(x) / of(rounds.get(base)![r]!));
      const paired = (base: string, of: (x: { rate: number; cpu: number }) => number) => median(ratios(base, of));
      for (const base of ['plain', 'indexed'])
        console.log(
          `create ratio station / ${base} route: ${paired(base, (x) => x.rate).toFixed(2)} by throughput ` +
            `(rounds ${ratios(base, (x) => x.rate)
              .map((x) => x.toFixed(2))
              .join(', ')}), ` +
            `${(1 / paired(base, (x) => x.cpu)).toFixed(2)} by server CPU per create (medians of the rounds' ratios)` +
            `${base === 'plain' ? ', goal >= 0.80 by throughput' : ''}`,
        );
    } finally {
      for (const t of targets) await t.stop();
      for (const s of [a, b, c]) rmSync(s.dataDir, { recursive: true, force: true });
    }
  },
};
