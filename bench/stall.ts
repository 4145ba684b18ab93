/**
 * What one desk's work does to everyone else's, over HTTP against `station serve` (its own process):
 *
 * 1. A desk's `GET /shipments/{code}` while 500-label documents are drawn (`GET /labels`, PDF_A7 and PDF_A4 in
 *    turn, each a different document): the p99 of those GETs. Goal ≤ 50 ms (issue 18: 2.5–4.2 s when the drawing
 *    ran on the service's thread).
 * 2. Load at 200 connections: 200 keep-alive clients, each sending one request after another for
 *    `BENCH_LOAD_SECONDS` (default 10): a create, a get by code and a list page in turn. The p99 of all
 *    answers, and that none failed. Goal ≤ 250 ms (627 ms before).
 */
import { request, Agent } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { storeServices } from '../test/helpers/fixtures.js';
import type { ShipmentCreateT } from '../core/features/shipments/schemas.js';
import { percentile } from './stats.js';
import { spawnServer, STATION_BIN } from './shipments.js';
import { cpuMs } from './create.js';

const DOCUMENT_LABELS = 500;
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 6);
const LOAD_CONNECTIONS = 200;
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);

interface Answer {
  status: number;
  body: string;
  ms: number;
}

function call(agent: Agent, url: string, method: string, token: string, body?: unknown): Promise<Answer> {
  const t0 = performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, ms: performance.now() - t0 }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const ms = (n: number) => `${n.toFixed(1)} ms`;

function body(i: number): ShipmentCreateT {
  return {
    ref: `STALL-${i}-${Math.random().toString(36).slice(2, 8)}`,
    type: 'DELIVERY',
    origin: {
      contact: { name: 'Depósito Central' },
      address: { street: 'Av. Colón 1500', city: 'Córdoba', state: 'Córdoba', country: 'AR', zip: 'X5000' },
    },
    destination: {
      contact: { name: `Zofia Łukasiewicz ${i}`, phone: '+48123456789' },
      address: {
        street: `ulica Świętokrzyska ${i}`,
        city: 'Kraków',
        state: 'Małopolskie',
        country: 'PL',
        zip: '30-001',
      },
    },
    dimensions: { height: 10, width: 20, length: 30, weight: 1.5 },
  };
}

export async function stallBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-stall-'));
  let token = '';
  let codes: string[] = [];
  {
    const core = await storeServices(dataDir);
    try {
      const account = (await core.services.auth.createAccount('bench')).id;
      token = (
        await core.services.auth.createToken({
          account,
          name: 'bench',
          permissions: ['shipments.read', 'shipments.write'],
        })
      ).token;
      codes = (
        await Promise.all(
          Array.from({ length: DOCUMENT_LABELS + 100 }, (_, i) => core.services.shipments.create(account, body(i))),
        )
      ).map((s) => s.code);
    } finally {
      await core.close();
    }
  }
  const server = await spawnServer([STATION_BIN, 'serve', '--port', '0', '--data', dataDir, '--rate-limit', '0']);
  const agent = new Agent({ keepAlive: true, maxSockets: LOAD_CONNECTIONS });
  try {
    // A moment for the service's warm-up (its drawing worker loads fonts), as a desk started in the morning has.
    await new Promise((r) => setTimeout(r, 2000));

    // 1. GETs while documents are drawn.
    const waits: number[] = [];
    const documents: number[] = [];
    for (let d = 0; d < DOCUMENTS; d++) {
      const printer = d % 2 ? 'PDF_A4' : 'PDF_A7';
      // Each document a different window of the shipments: the service gives a repeated request its earlier file.
      const list = codes.slice(d * 10, d * 10 + DOCUMENT_LABELS).join(',');
      let done = false;
      const doc = call(agent, `${server.url}/labels?printer=${printer}&code=${list}`, 'GET', token).then((a) => {
        done = true;
        if (a.status !== 200) throw new Error(`labels answered ${a.status}: ${a.body}`);
        return a;
      });
      for (let i = 0; !done; i++) {
        const a = await call(agent, `${server.url}/shipments/${codes[i % codes.length]}`, 'GET', token);
        if (a.status !== 200) throw new Error(`get answered ${a.status}`);
        waits.push(a.ms);
        await new Promise((r) => setTimeout(r, 5));
      }
      documents.push((await doc).ms);
    }
    const w = sorted(waits);
    if (DOCUMENTS > 0)
      console.log(
        `GET /shipments/{code} while ${DOCUMENTS} documents of ${DOCUMENT_LABELS} labels are drawn (PDF_A7 and PDF_A4 in turn, ` +
          `each ${ms(percentile(sorted(documents), 50))} at the median): ${w.length} GETs, p50 ${ms(percentile(w, 50))}, ` +
          `p99 ${ms(percentile(w, 99))}, max ${ms(w.at(-1)!)} (goal p99 ≤ 50 ms)`,
      );

    // 2. Load at 200 connections.
    const latencies: number[] = [];
    /** The first answer on each new connection, apart: it also waits for the connection to be taken. */
    const firsts: number[] = [];
    const byKind: Record<string, number[]> = { create: [], get: [], list: [] };
    let failures = 0;
    const cpu0 = cpuMs(server.pid);
    const until = performance.now() + LOAD_SECONDS * 1000;
    await Promise.all(
      Array.from({ length: LOAD_CONNECTIONS }, async (_, c) => {
        for (let i = 0; performance.now() < until; i++) {
          const kind = (['create', 'get', 'list'] as const)[(c + i) % 3]!;
          const a =
            kind === 'create'
              ? await call(agent, `${server.url}/shipments`, 'POST', token, body(c * 100_000 + i))
              : kind === 'get'
                ? await call(agent, `${server.url}/shipments/${codes[(c * 7 + i) % codes.length]}`, 'GET', token)
                : await call(agent, `${server.url}/shipments?size=20`, 'GET', token);
          if (a.status >= 400) failures++;
          latencies.push(a.ms);
          if (i === 0) firsts.push(a.ms);
          byKind[kind]!.push(a.ms);
        }
      }),
    );
    const l = sorted(latencies);
    const per = Object.entries(byKind)
      .map(([k, xs]) => `${k} p99 ${ms(percentile(sorted(xs), 99))}`)
      .join(', ');
    console.log(
      `load, ${LOAD_CONNECTIONS} connections for ${LOAD_SECONDS} s (create, get, list in turn): ${l.length} answers ` +
        `(${(l.length / LOAD_SECONDS).toFixed(0)}/s), ${failures} failed; p50 ${ms(percentile(l, 50))}, ` +
        `p99 ${ms(percentile(l, 99))} (goal ≤ 250 ms); ${per}; server CPU ${((cpuMs(server.pid) - cpu0) / l.length).toFixed(2)} ms ` +
        `per answer (load average of the machine ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores)`,
    );
    const f = sorted(firsts);
    console.log(
      `  of which the first answer on each new connection: p50 ${ms(percentile(f, 50))}, max ${ms(f.at(-1)!)}; ` +
        `the other answers: p99 ${ms(percentile(sorted(latencies.filter((x) => !firsts.includes(x))), 99))}`,
    );
  } finally {
    agent.destroy();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
