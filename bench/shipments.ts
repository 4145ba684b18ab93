/**
 * Shipments at scale: seeds BENCH_SHIPMENTS (default 100,000) shipments through the real store (its insert fills
 * the full-text index with the service's own search words), then measures a `station serve` process over HTTP,
 * as a client sees it: create throughput, get-by-code latency and search-with-`q` latency.
 * Goal: search p95 ≤ 5 ms overall and ≤ 10 ms for every kind of query at 1,000,000 shipments
 * (BENCH_SHIPMENTS=1000000 npm run bench -- shipments, issue 20), for
 * every station: each scenario of BENCH_ACCOUNTS (default "1,4") seeds the same shipments over that many accounts,
 * dealt out in turn, and searches as the first one (with 4, a quarter of the matches are the caller's).
 * BENCH_DATA=dir keeps each scenario's seeded store in dir/<shipments>x<accounts> and reuses it on the next run
 * (seeding 1,000,000 takes minutes; each run's 2,000 creates stay in it); a store seeded by an older version is
 * upgraded by `serve`'s migrations when it starts.
 * Without it, each run seeds into a temporary directory and removes it.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generateCode } from '../core/features/shipments/code.js';
import type { ShipmentCreateT } from '../core/features/shipments/schemas.js';
import { createEventStore } from '../core/engines/sqlite/events.js';
import { searchKeptFrom } from '../core/engines/engine.js';
import { createShipmentStore } from '../core/engines/sqlite/shipments.js';
import { initialStatus } from '../core/shared/transitions.js';
// The same seeded generator as the fuzz test: the same data and queries on every run.
import { rng, type Rng } from '../test/helpers/random.js';
import { storeServices } from '../test/helpers/fixtures.js';
import type { BenchSuite } from './run.js';
import { fmt, summarize, time } from './stats.js';

export const STATION_BIN = resolve(import.meta.dirname, '..', '..', 'bin', 'station.js');
const BATCH = 2_000;
const CREATES = 2_000;
const CREATE_CLIENTS = 4;
const GETS = 1_000;
const SEARCHES = 600;

const FIRST = [
  'José',
  'María',
  'Ana',
  'Juan',
  'Lucía',
  'Martín',
  'Sofía',
  'Diego',
  'Valentina',
  'Mateo',
  'Camila',
  'Nicolás',
  'Florencia',
  'Joaquín',
  'Agustina',
  'Tomás',
  'Milagros',
  'Facundo',
  'Julieta',
  'Santiago',
  'Paula',
  'Iñaki',
  'Zoë',
  'Renée',
  'Héctor',
  'Inés',
  'Raúl',
  'Mónica',
  'Andrés',
  'Verónica',
  'Óscar',
  'Ramón',
  'Graciela',
  'Gustavo',
  'Noemí',
  'Ezequiel',
  'Rocío',
  'Federico',
  'Belén',
  'Germán',
];
const LAST = [
  'García',
  'Fernández',
  'González',
  'Rodríguez',
  'López',
  'Martínez',
  'Pérez',
  'Gómez',
  'Sánchez',
  'Romero',
  'Díaz',
  'Álvarez',
  'Torres',
  'Ruiz',
  'Ramírez',
  'Flores',
  'Acosta',
  'Benítez',
  'Medina',
  'Herrera',
  'Suárez',
  'Aguirre',
  'Giménez',
  'Gutiérrez',
  'Pereyra',
  'Rojas',
  'Molina',
  'Castro',
  'Ortiz',
  'Silva',
  'Núñez',
  'Luna',
  'Juárez',
  'Cabrera',
  'Ríos',
  'Morales',
  'Godoy',
  'Moreno',
  'Ferreyra',
  'Domínguez',
  'Carrizo',
  'Peralta',
  'Castillo',
  'Ledesma',
  'Quiroga',
  'Vega',
  'Vera',
  'Muñoz',
  'Ojeda',
  'Ponce',
  'Villalba',
  'Cardozo',
  'Navarro',
  'Coronel',
  'Vázquez',
  'Ramos',
  'Arias',
  'Figueroa',
  'Córdoba',
  'Müller',
];
const CITIES: Array<[string, string, string]> = [
  ['Córdoba', 'Córdoba', 'X5000'],
  ['Rosario', 'Santa Fe', 'S2000'],
  ['Mendoza', 'Mendoza', 'M5500'],
  ['La Plata', 'Buenos Aires', 'B1900'],
  ['Mar del Plata', 'Buenos Aires', 'B7600'],
  ['San Miguel de Tucumán', 'Tucumán', 'T4000'],
  ['Salta', 'Salta', 'A4400'],
  ['Santa Fe', 'Santa Fe', 'S3000'],
  ['San Juan', 'San Juan', 'J5400'],
  ['Resistencia', 'Chaco', 'H3500'],
  ['Neuquén', 'Neuquén', 'Q8300'],
  ['Posadas', 'Misiones', 'N3300'],
  ['Bahía Blanca', 'Buenos Aires', 'B8000'],
  ['Paraná', 'Entre Ríos', 'E3100'],
  ['Corrientes', 'Corrientes', 'W3400'],
  ['San Luis', 'San Luis', 'D5700'],
  ['Río Cuarto', 'Córdoba', 'X5800'],
  ['Ushuaia', 'Tierra del Fuego', 'V9410'],
  ['Buenos Aires', 'CABA', 'C1043'],
  ['Villa María', 'Córdoba', 'X5900'],
];
const STREETS = [
  'Av. Colón',
  'San Martín',
  'Belgrano',
  'Rivadavia',
  'Sarmiento',
  'Mitre',
  '9 de Julio',
  'Av. Vélez Sarsfield',
  'Independencia',
  'Urquiza',
  'Lavalle',
  'Entre Ríos',
  'Tucumán',
  'Maipú',
  'Moreno',
  'Alvear',
  'Güemes',
  'Dean Funes',
];
const WAREHOUSES = ['Depósito Central', 'Tienda Norte', 'Almacén Sur', 'Bodega Oeste', 'Outlet Este'];
const PLATFORMS = ['MLI', 'TNB', 'WOO', 'VTX', undefined] as const;

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

function person(r: Rng) {
  const first = r.pick(FIRST);
  const last = r.pick(LAST);
  const [city, state, zipBase] = r.pick(CITIES);
  return {
    first,
    last,
    city,
    zip: `${zipBase}${String(Math.floor(r.next() * 1000)).padStart(3, '0')}`,
    party: (zip: string) => ({
      contact: {
        name: `${first} ${last}`,
        email: `${fold(first)}.${fold(last)}${Math.floor(r.next() * 100)}@example.com`,
        phone: `+549${Math.floor(1e9 + r.next() * 9e9)}`,
      },
      address: { street: `${r.pick(STREETS)} ${1 + Math.floor(r.next() * 4000)}`, city, state, country: 'AR', zip },
    }),
  };
}

export function shipment(r: Rng, i: number): ShipmentCreateT {
  const to = person(r);
  const [city, state, zipBase] = CITIES[i % 3]!;
  const u = r.next();
  return {
    ref: `ORD-${String(i).padStart(7, '0')}`,
    type: u < 0.9 ? 'DELIVERY' : u < 0.97 ? 'RETURN' : 'EXCHANGE',
    platform: r.pick(PLATFORMS),
    content: 'Merchandise',
    value: Math.round(r.next() * 100_000) / 100,
    origin: {
      contact: { name: WAREHOUSES[i % WAREHOUSES.length]! },
      address: { street: 'Ruta 9 km 695', city, state, country: 'AR', zip: `${zipBase}001` },
    },
    destination: to.party(to.zip),
    dimensions: { height: 10, width: 20, length: 30, weight: 1.5 },
  };
}

/** Realistic searches: what a desk clerk types. Each kind is reported on its own and all together. */
export function queries(r: Rng, count: number, samples: { refs: string[]; codes: string[] }) {
  const kinds: Record<string, () => string> = {
    surname: () => r.pick(LAST),
    'first + surname': () => `${r.pick(FIRST)} ${r.pick(LAST)}`,
    'surname, no accents': () => fold(r.pick(LAST)),
    city: () => r.pick(CITIES)[0],
    zip: () => person(r).zip,
    'zip prefix': () => person(r).zip.slice(0, 6),
    'ref prefix': () => r.pick(samples.refs).slice(0, 9),
    'full ref': () => r.pick(samples.refs),
    'code prefix': () => r.pick(samples.codes).slice(0, 6),
    'e-mail': () => `${fold(r.pick(FIRST))}.${fold(r.pick(LAST))}`,
  };
  const names = Object.keys(kinds);
  return Array.from({ length: count }, (_, i) => {
    const kind = names[i % names.length]!;
    return { kind, q: kinds[kind]!() };
  });
}

export function report(label: string, samples: number[]): void {
  const s = summarize(samples);
  console.log(
    `${label.padEnd(34)} p50 ${fmt(s.p50).padStart(10)}  p95 ${fmt(s.p95).padStart(10)}  max ${fmt(s.max).padStart(10)}  (n=${s.n})`,
  );
}

/** BENCH_PROFILE=DIR: a service the bench starts writes CPU profiles there (its thread's and each worker's). */
export const profileArgs = process.env.BENCH_PROFILE
  ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
  : [];

/** A server in its own process, so that the client's work does not share its event loop; it says `listening on URL`. */
export async function spawnServer(args: string[]): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [...profileArgs, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((res, rej) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (\S+)/.exec(out);
      if (m) res(m[1]!);
    });
    child.once('exit', (code) => rej(new Error(`${args.join(' ')} exited with ${code}`)));
  });
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** `station serve` as a client sees it. */
const serve = (dataDir: string) =>
  spawnServer([STATION_BIN, 'serve', '--port', '0', '--data', dataDir, '--rate-limit', '0']);

export interface Seeded {
  /** A token of the first account, the one that searches. */
  token: string;
  /** Refs and codes of about 2,000 of its shipments, spread over the whole set, to look up and search for. */
  samples: { refs: string[]; codes: string[] };
}

/**
 * Seeds `total` shipments through the store in batches of one transaction each: a year of shipments, spread
 * evenly, most of the older ones delivered, dealt out to `accounts` accounts in turn. (The service's create costs
 * about 0.5 ms each; it is what the HTTP part measures.)
 */
export async function seed(dataDir: string, total: number, accounts = 1): Promise<Seeded> {
  const r = rng(42);
  const samples = { refs: [] as string[], codes: [] as string[] };
  const start = Date.now() - 365 * 86_400_000;
  const step = (365 * 86_400_000) / total;
  const sampleEvery = Math.max(1, Math.floor(total / accounts / 2000)) * accounts;
  const core = await storeServices(dataDir);
  try {
    const { auth } = core.services;
    const db = core.engine.db;
    // The engine's own SQLite stores, synchronous, for batches of thousands in one transaction each.
    const shipments = createShipmentStore(db, () => Promise.resolve(), searchKeptFrom(process.env));
    const store = shipments.store;
    const events = createEventStore(db);
    const owners: number[] = [];
    for (let a = 0; a < accounts; a++) owners.push((await auth.createAccount(a ? `bench-${a}` : 'bench')).id);
    const { token } = await auth.createToken({
      account: owners[0]!,
      name: 'bench',
      permissions: ['shipments.read', 'shipments.write'],
    });
    for (let first = 0; first < total; first += BATCH) {
      db.transaction(() => {
        for (let i = first; i < Math.min(total, first + BATCH); i++) {
          const s = shipment(r, i);
          const at = Math.round(start + i * step);
          const code = generateCode();
          const status = i / total < 0.9 && r.next() < 0.8 ? 'DELIVERED' : initialStatus(s.type);
          const { id } = store.insert(
            {
              account_id: owners[i % accounts]!,
              code,
              ref: s.ref,
              type: s.type,
              method: 'STANDARD',
              office_id: null,
              value: s.value ?? null,
              content: s.content ?? null,
              notes: null,
              platform: s.platform ?? null,
              origin: s.origin,
              destination: s.destination as typeof s.origin,
              dimensions: s.dimensions,
              status,
              parent_id: null,
              number: null,
            },
            at,
          );
          events.insert({ shipment_id: id, date: at, status, sub_status: null, issue: null, receiver: null });
          if (i % sampleEvery === 0) {
            samples.refs.push(s.ref);
            samples.codes.push(code);
          }
        }
      }).immediate();
    }
    shipments.catchUp();
    db.pragma('wal_checkpoint(TRUNCATE)');
    return { token, samples };
  } finally {
    await core.close();
  }
}

/** The scenario's seeded store: BENCH_DATA's kept copy when there is one, else a fresh one. */
export async function seeded(
  total: number,
  accounts: number,
): Promise<{ dataDir: string; seeded: Seeded; dispose: () => void }> {
  const keep = process.env.BENCH_DATA;
  const dataDir = keep ? join(resolve(keep), `${total}x${accounts}`) : mkdtempSync(join(tmpdir(), 'bench-shipments-'));
  const dispose = () => void (keep || rmSync(dataDir, { recursive: true, force: true }));
  const info = join(dataDir, 'bench-seed.json');
  if (keep && existsSync(info)) {
    console.log(`reusing the store seeded in ${dataDir}`);
    return { dataDir, seeded: JSON.parse(readFileSync(info, 'utf8')) as Seeded, dispose };
  }
  try {
    if (keep) {
      rmSync(dataDir, { recursive: true, force: true });
      mkdirSync(dataDir, { recursive: true });
    }
    const t0 = performance.now();
    const s = await seed(dataDir, total, accounts);
    const secs = (performance.now() - t0) / 1000;
    const mb = statSync(join(dataDir, 'station.db')).size / 1e6;
    console.log(
      `seeded ${total.toLocaleString('en')} shipments in ${secs.toFixed(1)} s (${Math.round(total / secs)}/s through the store); database ${mb.toFixed(0)} MB`,
    );
    // Written last: a store whose seeding was interrupted is seeded again.
    if (keep) writeFileSync(info, JSON.stringify(s));
    return { dataDir, seeded: s, dispose };
  } catch (e) {
    dispose();
    throw e;
  }
}

export const shipmentsSuite: BenchSuite = {
  name: 'shipments',
  async run() {
    const total = Number(process.env.BENCH_SHIPMENTS ?? 100_000);
    const scenarios = (process.env.BENCH_ACCOUNTS ?? '1,4').split(',').map(Number);
    for (const accounts of scenarios) {
      console.log(
        `\n### ${total.toLocaleString('en')} shipments, ${accounts === 1 ? 'one account' : `${accounts} accounts, searching as one`}`,
      );
      await scenario(total, accounts);
    }
  },
};

async function scenario(total: number, accounts: number): Promise<void> {
  const {
    dataDir,
    seeded: { token, samples },
    dispose,
  } = await seeded(total, accounts);
  try {
    const server = await serve(dataDir);
    const headers = { authorization: `Bearer ${token}` };
    const get = async (path: string) => {
      const res = await fetch(server.url + path, { headers });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<{ items?: number }>;
    };
    try {
      // Warm-up: the first requests compile schemas and fill the page cache.
      for (let i = 0; i < 50; i++) await get(`/shipments/${samples.codes[i % samples.codes.length]}`);
      const asked = new Set<string>();
      for (const { q } of queries(rng(7), 50, samples)) {
        asked.add(q);
        await get(`/shipments?q=${encodeURIComponent(q)}`);
      }

      // Create throughput over HTTP: a few clients posting at once. A kept store has this run's refs to itself.
      const cr = rng(99);
      const run = Date.now().toString(36).toUpperCase();
      let next = 0;
      const createLatency: number[] = [];
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: CREATE_CLIENTS }, async () => {
          while (next < CREATES) {
            const i = next++;
            const body = JSON.stringify({ ...shipment(cr, total + i), ref: `NEW-${run}-${i}` });
            const t = performance.now();
            const res = await fetch(`${server.url}/shipments`, {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json' },
              body,
            });
            if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
            await res.arrayBuffer();
            createLatency.push(performance.now() - t);
          }
        }),
      );
      const secs = (performance.now() - t0) / 1000;
      console.log(
        `create over HTTP: ${CREATES} POSTs, ${CREATE_CLIENTS} clients: ${Math.round(CREATES / secs)} shipments/s`,
      );
      report('  create latency', createLatency);

      const gr = rng(5);
      report('get by code', await time(GETS, () => get(`/shipments/${gr.pick(samples.codes)}`)));

      const qs = queries(rng(11), SEARCHES, samples);
      const byKind = new Map<string, number[]>();
      const hits = new Map<string, number[]>();
      // The service remembers the totals of q-only searches; a q asked for the first time counts all its matches.
      const firstAsked: number[] = [];
      const all = await time(qs.length, async (i) => {
        const { kind, q } = qs[i]!;
        const t = performance.now();
        const page = await get(`/shipments?q=${encodeURIComponent(q)}`);
        const ms = performance.now() - t;
        (byKind.get(kind) ?? byKind.set(kind, []).get(kind)!).push(ms);
        (hits.get(kind) ?? hits.set(kind, []).get(kind)!).push(page.items ?? 0);
        if (!asked.has(q)) {
          asked.add(q);
          firstAsked.push(ms);
        }
      });
      report('search with q (all kinds)', all);
      report('  q asked for the first time', firstAsked);
      for (const [kind, ms] of byKind) {
        const h = summarize(hits.get(kind)!);
        report(`  q: ${kind} (~${h.p50} hits)`, ms);
      }
      const status = rng(3);
      report('list, newest first (no q)', await time(200, () => get('/shipments')));
      report(
        'status filter',
        await time(200, () => get(`/shipments?status=${status.pick(['TO_COLLECT', 'TO_RECOVER', 'DELIVERED'])}`)),
      );
      const worst = Math.max(...[...byKind.values()].map((ms) => summarize(ms).p95));
      const goal = summarize(all).p95 <= 5 && worst <= 10 ? 'met' : 'MISSED';
      console.log(
        `goal search p95 <= 5 ms overall and <= 10 ms every kind at 1,000,000 shipments: ${goal} at ${total.toLocaleString('en')} (${accounts} account${accounts === 1 ? '' : 's'}; worst kind ${fmt(worst)})`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    dispose();
  }
}
