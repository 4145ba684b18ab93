/**
 * `npm run bench -- paths` (issue 31): the read and write paths against bare routes, on both engines. On each
 * engine the station (`station serve`: token, validation, rules, the one door) and a bare Fastify route doing the
 * same work (bench/bare-create.ts on better-sqlite3, bench/bare-pg.ts on `pg` with the station's pool size) serve
 * fresh stores in their own processes; rounds alternate between them so that a busy machine slows both alike. Each
 * round is CREATES `POST /v1/shipments` then GETS `GET /v1/shipments/{code}` of the codes it made, from CLIENTS
 * clients; what is printed is the median of the rounds' paired ratios (station / bare) per path, with each round's
 * ratio. Then, on PostgreSQL, creates/s with 1, 4 and 16 concurrent clients, which should grow: no lock held across
 * a commit by every create of an account.
 * Goals: create and get >= 0.9 of the bare route on SQLite, >= 0.8 on PostgreSQL.
 * PostgreSQL: the server of BENCH_PG_URL (a database of its own per target), else a throwaway cluster with fsync
 * on (a create is acknowledged once durable, as on SQLite), else STATION_TEST_PG_URL's.
 * The load average is printed beside the figures: the machine may be shared.
 * BENCH_PATHS_ROUNDS (default 5) measured rounds after 2 unmeasured ones; BENCH_PATHS_ENGINES (default
 * "sqlite,postgres") the engines measured.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createCore } from '../core/app/index.js';
import { freshDatabase, postgresMissing, startCluster } from '../test/helpers/postgres.js';
import { rng } from '../test/helpers/random.js';
import { benchAccount } from './owner.js';
import type { BenchSuite } from './run.js';
import { rate, type Measure } from './create.js';
import { stationOn } from './postgres.js';
import { shipment, spawnServer } from './shipments.js';
import { median } from './stats.js';

const WARM_UP_ROUNDS = 2;
const ROUNDS = Number(process.env.BENCH_PATHS_ROUNDS ?? 5);
const CLIENTS = 4;
const SCALING_CLIENTS = [1, 4, 16];
const ENGINES = (process.env.BENCH_PATHS_ENGINES ?? 'sqlite,postgres').split(',');

interface Target {
  name: string;
  url: string;
  pid: number;
  headers: Record<string, string>;
  /** Codes of the shipments made so far, for the GETs. */
  codes: string[];
  stop: () => Promise<void>;
}

interface Engine {
  name: 'SQLite' | 'PostgreSQL';
  creates: number;
  gets: number;
  /** A fresh store with an account that may create and read: the station's and the bare route's each get one. */
  store: () => Promise<{ dataDir: string; store?: string; accountId: number; token: string }>;
  bare: (s: { dataDir: string; store?: string; accountId: number }) => string[];
  /** Creates per client count in the scaling part (none: no such part). */
  scaling: number;
}

const load = () =>
  `load ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`;

const data = rng(31);
const run = Date.now().toString(36).toUpperCase();
let made = 0;

const creates = (t: Target, n: number, clients: number) =>
  rate(
    t,
    clients,
    n,
    async () => {
      const i = made++;
      const res = await fetch(`${t.url}/shipments`, {
        method: 'POST',
        headers: { ...t.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ ...shipment(data, i), ref: `PATH-${run}-${i}` }),
      });
      const text = await res.text();
      if (res.status !== 201) throw new Error(`${t.name} create: ${res.status} ${text}`);
      t.codes.push((JSON.parse(text) as { code: string }).code);
    },
    // The station indexes the words behind the creates (SQLite); a search by words indexes whatever is left first,
    // so that the round pays for all the work its creates caused.
    t.name === 'station'
      ? async () => {
          const res = await fetch(`${t.url}/shipments?q=PATH-${run}`, { headers: t.headers });
          if (res.status !== 200) throw new Error(`station search: ${res.status} ${await res.text()}`);
          await res.arrayBuffer();
        }
      : undefined,
  );

const gets = (t: Target, n: number, clients: number) =>
  rate(t, clients, n, async (i) => {
    const res = await fetch(`${t.url}/shipments/${t.codes[(i * 7919) % t.codes.length]}`, { headers: t.headers });
    if (res.status !== 200) throw new Error(`${t.name} get: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  });

async function measure(engine: Engine, dirs: string[]): Promise<void> {
  console.log(`\n### ${engine.name} (${load()})`);
  const a = await engine.store();
  const b = await engine.store();
  dirs.push(a.dataDir, b.dataDir);
  const targets: Target[] = [];
  try {
    const station = await stationOn(a.dataDir, a.store);
    targets.push({ name: 'station', ...station, headers: { authorization: `Bearer ${a.token}` }, codes: [] });
    const bare = await spawnServer(engine.bare(b));
    targets.push({ name: 'bare', ...bare, headers: {}, codes: [] });

    const rounds = new Map(targets.map((t) => [t.name, [] as { create: Measure; get: Measure }[]]));
    for (let r = 0; r < WARM_UP_ROUNDS + ROUNDS; r++)
      for (const t of targets) {
        const create = await creates(t, engine.creates, CLIENTS);
        const get = await gets(t, engine.gets, CLIENTS);
        if (r >= WARM_UP_ROUNDS) rounds.get(t.name)!.push({ create, get });
      }
    for (const path of ['create', 'get'] as const) {
      const of = (name: string, m: keyof Measure) => rounds.get(name)!.map((x) => x[path][m]);
      // Each round's ratio is of two measures taken back to back, under the same load from the rest of the machine.
      const ratios = of('station', 'rate').map((x, r) => x / of('bare', 'rate')[r]!);
      const cpus = of('bare', 'cpu').map((x, r) => x / of('station', 'cpu')[r]!);
      console.log(
        `${path.padEnd(6)} station ${Math.round(median(of('station', 'rate')))}/s, bare ${Math.round(median(of('bare', 'rate')))}/s: ` +
          `ratio ${median(ratios).toFixed(2)} (rounds ${ratios.map((x) => x.toFixed(2)).join(', ')}; ` +
          `${ROUNDS} rounds of ${path === 'create' ? engine.creates : engine.gets}, ${CLIENTS} clients); ` +
          `by the server's CPU per request ${median(cpus).toFixed(2)} (${median(of('station', 'cpu')).toFixed(2)} ms ` +
          `against ${median(of('bare', 'cpu')).toFixed(2)} ms)`,
      );
    }
    // One target at a time, not both at once: each has the machine to itself.
    for (const clients of engine.scaling ? SCALING_CLIENTS : []) {
      const out: string[] = [];
      for (const t of targets) out.push(`${t.name} ${Math.round((await creates(t, engine.scaling, clients)).rate)}/s`);
      console.log(`creates with ${String(clients).padStart(2)} clients: ${out.join(', ')}`);
    }
    console.log(`(${load()})`);
  } finally {
    for (const t of targets) await t.stop();
  }
}

/** A fresh store (SQLite in its folder, or the PostgreSQL database `store`) with one account and a token. */
async function freshStore(store?: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-paths-'));
  const core = await createCore({ dataDir, store, printQueue: false });
  try {
    return {
      dataDir,
      ...(store ? { store } : {}),
      ...(await benchAccount(core, 'bench', ['shipments.write', 'shipments.read'])),
    };
  } finally {
    await core.close();
  }
}

const BARE_SQLITE = resolve(import.meta.dirname, 'bare-create.js');
const BARE_PG = resolve(import.meta.dirname, 'bare-pg.js');
const PG_BIN = process.env.STATION_PG_BIN ?? '/usr/lib/postgresql/15/bin';

export const pathsSuite: BenchSuite = {
  name: 'paths',
  async run() {
    const dirs: string[] = [];
    try {
      if (ENGINES.includes('sqlite'))
        await measure(
          {
            name: 'SQLite',
            creates: 300,
            gets: 1_000,
            store: () => freshStore(),
            bare: (s) => [BARE_SQLITE, s.dataDir, String(s.accountId), 'plain'],
            scaling: 0,
          },
          dirs,
        );
      if (!ENGINES.includes('postgres')) return;
      if (postgresMissing) {
        console.log(`PostgreSQL skipped: ${postgresMissing}`);
        return;
      }
      const cluster = process.env.BENCH_PG_URL
        ? { url: process.env.BENCH_PG_URL, stop: () => undefined, how: 'BENCH_PG_URL' }
        : existsSync(join(PG_BIN, 'initdb'))
          ? { ...(await startCluster({ fsync: true })), how: 'a throwaway cluster, fsync on' }
          : { url: process.env.STATION_TEST_PG_URL!, stop: () => undefined, how: 'STATION_TEST_PG_URL' };
      try {
        console.log(`\nPostgreSQL: ${cluster.how}`);
        await measure(
          {
            name: 'PostgreSQL',
            creates: 150,
            gets: 500,
            store: async () => freshStore(await freshDatabase(cluster.url)),
            bare: (s) => [BARE_PG, s.store!, String(s.accountId)],
            scaling: 150,
          },
          dirs,
        );
      } finally {
        cluster.stop();
      }
    } finally {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
  },
};
