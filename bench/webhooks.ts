/**
 * `npm run bench -- webhooks`: the outbox and its delivery worker (issue 21).
 * 1. Deliveries/s: 10,000 shipment.created messages waiting in the outbox of a `station serve` (written while the
 *    endpoint was disabled), then the endpoint enabled and timed until a local receiver (its own thread) has taken every one, each
 *    verified with the `standardwebhooks` package. Goal ≥ 1,000 deliveries/s.
 * 2. Creates/s with an endpoint subscribed (and the worker sending to it meanwhile) against a station without any,
 *    rounds alternating between them so that a busy machine slows both alike. Goal ≥ 0.9. A third station's
 *    endpoint never answers (every attempt runs into the 15 s timeout): failures must not slow creates either.
 *    Each line also gives this process's CPU per create (its clients, and in the subscribed station's rounds the
 *    receiver, which verifies every delivery): on a machine of two shared cores the receiver's work slows the
 *    subscribed station's rounds as much as the station's own, and an integrator's receiver runs elsewhere. Printed
 *    beside the figure, not taken out of it.
 * Run on SQLite; `BENCH_WEBHOOKS_STORE=postgres://…` runs both parts on PostgreSQL databases (part 2 needs a second,
 * `BENCH_WEBHOOKS_STORE_B`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { createCore } from '../core/app/index.js';
import { rng } from '../test/helpers/random.js';
import { cpuMs } from './create.js';
import { benchAccount } from './owner.js';
import type { BenchSuite } from './run.js';
import { median } from './stats.js';
import { shipment, spawnServer, STATION_BIN } from './shipments.js';
import type { FromReceiver, ToReceiver } from './webhook-receiver.js';

const MESSAGES = Number(process.env.BENCH_WEBHOOKS_MESSAGES ?? 10_000);
const CLIENTS = 4;
const ROUNDS = Number(process.env.BENCH_WEBHOOKS_ROUNDS ?? 9);
const PER_ROUND = Number(process.env.BENCH_WEBHOOKS_PER_ROUND ?? 500);
const data = rng(21);
const run = Date.now().toString(36).toUpperCase();
let made = 0;

/** A receiver that takes every request and never answers. */
async function blackHole() {
  const server = createServer(() => undefined);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () => {
      server.closeAllConnections();
      return new Promise((r) => server.close(r));
    },
  };
}

/** A receiver as an integrator writes one, in a thread of its own (webhook-receiver.ts). */
async function receiver() {
  const w = new Worker(new URL('./webhook-receiver.js', import.meta.url));
  const next = <K extends string>(key: K) =>
    new Promise<Extract<FromReceiver, Record<K, unknown>>>((resolve) => {
      const on = (m: FromReceiver) => {
        if (key in m) {
          w.off('message', on);
          resolve(m as Extract<FromReceiver, Record<K, unknown>>);
        }
      };
      w.on('message', on);
    });
  const ask = (m: ToReceiver) => w.postMessage(m);
  const { url } = await next('url');
  return {
    url,
    trust: (s: string) => ask({ trust: s }),
    stats: async () => {
      const answer = next('stats');
      ask({ stats: true });
      return (await answer).stats;
    },
    until: async (n: number) => {
      const answer = next('reached');
      ask({ until: n });
      await answer;
    },
    close: () => w.terminate(),
  };
}

async function station(name: string, store: string | undefined) {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-webhooks-${name}-`));
  const core = await createCore({ dataDir, store, printQueue: false });
  const { token } = await benchAccount(core, `bench-${run}-${name}`, [
    'shipments.write',
    'shipments.read',
    'webhooks.write',
  ]);
  await core.close();
  const server = await spawnServer([
    STATION_BIN,
    'serve',
    '--port',
    '0',
    '--data',
    dataDir,
    '--rate-limit',
    '0',
    ...(store ? ['--store', store] : []),
  ]);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(server.url + path, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  return {
    ...server,
    call,
    async stopAll() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Station = Awaited<ReturnType<typeof station>>;

/** `n` creates from CLIENTS clients at once: creates/s, the server's CPU ms per create and this process's. */
async function creates(s: Station, n: number): Promise<{ rate: number; cpu: number; here: number }> {
  let next = 0;
  const c0 = cpuMs(s.pid);
  const here0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next++ < n) {
        const i = made++;
        await s.call('POST', '/shipments', { ...shipment(data, i), ref: `WH-${run}-${i}` });
      }
    }),
  );
  // A search by words indexes what is not yet (the index is written behind the creates, half a second after them):
  // each round pays for its own shipments' words, as in the create bench, instead of whichever round of the station
  // the background step falls in.
  await s.call('GET', '/shipments?q=nothingcalledthis');
  const here = process.cpuUsage(here0);
  return {
    rate: n / ((performance.now() - t0) / 1000),
    cpu: (cpuMs(s.pid) - c0) / n,
    here: (here.user + here.system) / 1000 / n,
  };
}

export const webhooksSuite: BenchSuite = {
  name: 'webhooks',
  async run() {
    process.env.STATION_WEBHOOK_HOSTS = '127.0.0.1';
    const storeA = process.env.BENCH_WEBHOOKS_STORE;
    const storeB = process.env.BENCH_WEBHOOKS_STORE_B;
    console.log(`engine: ${storeA ? 'PostgreSQL' : 'SQLite'}`);

    // 1. Deliveries per second.
    const rx = await receiver();
    const a = await station('deliver', storeA);
    try {
      const hook = await a.call('POST', '/webhooks', { url: rx.url, events: ['shipment.created'] });
      rx.trust(hook.secret as string);
      await a.call('PUT', `/webhooks/${String(hook.id)}`, {
        url: rx.url,
        events: ['shipment.created'],
        enabled: false,
      });
      const t0 = performance.now();
      await creates(a, MESSAGES);
      console.log(
        `${MESSAGES} creates (each writing its message) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
      const c0 = cpuMs(a.pid);
      const t1 = performance.now();
      await a.call('PUT', `/webhooks/${String(hook.id)}`, { url: rx.url, events: ['shipment.created'], enabled: true });
      await rx.until(MESSAGES);
      const s = (performance.now() - t1) / 1000;
      const st = await rx.stats();
      console.log(
        `deliveries: ${st.distinct} distinct messages verified (${st.requests} requests, ${st.bad} failed verification) ` +
          `in ${s.toFixed(2)} s = ${(st.distinct / s).toFixed(0)} deliveries/s (goal ≥ 1000); station CPU ` +
          `${((cpuMs(a.pid) - c0) / st.distinct).toFixed(3)} ms per delivery`,
      );
    } finally {
      await a.stopAll();
    }

    // 2. Creates with an endpoint subscribed against creates without.
    if (storeA && !storeB) {
      console.log('creates with/without: set BENCH_WEBHOOKS_STORE_B to a second PostgreSQL database');
      await rx.close();
      return;
    }
    const subscribed = await station('with', storeA);
    const plain = await station('without', storeB);
    const hole = await blackHole();
    const failing = storeA ? null : await station('failing', undefined);
    try {
      const hook = await subscribed.call('POST', '/webhooks', { url: rx.url, events: ['shipment.created'] });
      rx.trust(hook.secret as string);
      await failing?.call('POST', '/webhooks', { url: hole.url, events: ['shipment.created'] });
      const all = [subscribed, plain, ...(failing ? [failing] : [])];
      for (let i = 0; i < 2; i++) for (const s of all) await creates(s, PER_ROUND);
      /** The subscribed station's messages made so far (part 1's and each round's), and each round's wait for them. */
      let delivered = 2 * PER_ROUND;
      const drains: number[] = [];
      const rates = new Map<Station, number[]>(all.map((s) => [s, []]));
      const cpu = new Map<Station, number[]>(all.map((s) => [s, []]));
      const here = new Map<Station, number[]>(all.map((s) => [s, []]));
      const ratios = { with: [] as number[], failing: [] as number[] };
      for (let r = 0; r < ROUNDS; r++) {
        // Each round in another order, so that none is always first or last.
        const order = all.map((_, i) => all[(i + r) % all.length]!);
        const got = new Map<Station, { rate: number; cpu: number; here: number }>();
        for (const s of order) {
          got.set(s, await creates(s, PER_ROUND));
          if (s !== subscribed) continue;
          // The round's deliveries end before the next station's round: deliveries that yield to the creates
          // (webhooks/worker.ts) would otherwise be paid for by the next round, of another station.
          const t = performance.now();
          await rx.until(MESSAGES + (delivered += PER_ROUND));
          drains.push(performance.now() - t);
        }
        for (const s of all) {
          rates.get(s)!.push(got.get(s)!.rate);
          cpu.get(s)!.push(got.get(s)!.cpu);
          here.get(s)!.push(got.get(s)!.here);
        }
        ratios.with.push(got.get(subscribed)!.rate / got.get(plain)!.rate);
        if (failing) ratios.failing.push(got.get(failing)!.rate / got.get(plain)!.rate);
      }
      const line = (name: string, s: Station) =>
        `${name}: median ${median(rates.get(s)!).toFixed(0)} creates/s (CPU ${median(cpu.get(s)!).toFixed(2)} ms/create; ` +
        `this process's ${median(here.get(s)!).toFixed(2)} ms/create)`;
      console.log(line('without an endpoint', plain));
      console.log(line('with an endpoint subscribed (its deliveries included)', subscribed));
      if (failing) console.log(line('with an endpoint that never answers', failing));
      console.log(
        `ratio with/without: median ${median(ratios.with).toFixed(2)} (goal ≥ 0.9); rounds: ${ratios.with.map((x) => x.toFixed(2)).join(' ')}`,
      );
      if (failing)
        console.log(
          `ratio never-answering/without: median ${median(ratios.failing).toFixed(2)}; rounds: ${ratios.failing.map((x) => x.toFixed(2)).join(' ')}`,
        );
      console.log(
        `the subscribed rounds' last deliveries after their last create: median ${median(drains).toFixed(0)} ms, ` +
          `max ${Math.max(...drains).toFixed(0)} ms`,
      );
      console.log(`receiver: ${(await rx.stats()).bad} requests failed verification`);
    } finally {
      await subscribed.stopAll();
      await plain.stopAll();
      await failing?.stopAll();
      await hole.close();
      await rx.close();
    }
  },
};
