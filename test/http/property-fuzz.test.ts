import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/platform/clock.js';
import { createCore, type Core } from '../../core/app/index.js';
import { ownerPrincipal } from '../../core/platform/operations/principal.js';
import { DB_FILE } from '../../core/platform/paths.js';
import { buildServer } from '../../core/adapters/http/server.js';
import { PERMISSIONS } from '../../core/shared/schemas/codes.js';
import { shipmentBody } from '../helpers/fixtures.js';

type Json = Record<string, any>;

/** Reproduce a failure with FUZZ_SEED=<the seed fast-check prints>; more cases with FUZZ_RUNS. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
/** Operations that reach outside the store (a network scan, a print to a device) are left to their own tests. */
const OUTSIDE_WORLD = new Set(['printers.discover', 'printers.test']);

/** Values that broke services before: blanks, huge, control and bidi characters, SQL and FTS syntax, numbers as text. */
const nasty = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '\u202e',
  '🚚',
  'Ñandú',
  "'; DROP TABLE shipments; --",
  '"',
  '*',
  'a OR b',
  'NEAR(a b)',
  '%00',
  '../..',
  '__proto__',
  'constructor',
  'null',
  '1e309',
  '-1',
  '0',
  'NaN',
  '\ud800',
  'x'.repeat(600),
  '2026-02-30',
  '9'.repeat(30),
);
const scalar = fc.oneof(
  fc.string({ maxLength: 40 }),
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);

/** The document's named schemas, which its operations refer to (`$ref`). */
let components: Json = {};

/** An arbitrary that follows a JSON schema most of the time and strays from it the rest (wrong types, extra members). */
function fromSchema(schema: Json | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return scalar;
  if (schema.$ref) return fromSchema(components[String(schema.$ref).split('/').pop()!], depth);
  const stray = fc.oneof(scalar, fc.jsonValue({ maxDepth: 2 }));
  let own: fc.Arbitrary<unknown>;
  if (schema.anyOf || schema.oneOf)
    own = fc.oneof(...(schema.anyOf ?? schema.oneOf).map((s: Json) => fromSchema(s, depth + 1)));
  else if (schema.enum) own = fc.constantFrom(...schema.enum);
  else if (schema.const !== undefined) own = fc.constant(schema.const);
  else if (schema.type === 'object' || schema.properties) {
    const props = Object.entries<Json>(schema.properties ?? {});
    const required = new Set<string>(schema.required ?? []);
    own = fc
      .tuple(
        fc.record(Object.fromEntries(props.map(([k, s]) => [k, fromSchema(s, depth + 1)])), {
          requiredKeys: props.map(([k]) => k).filter((k) => required.has(k)),
        }),
        fc.option(fc.tuple(fc.oneof(nasty, fc.string({ maxLength: 8 })), scalar), { freq: 8 }),
      )
      .map(([obj, extra]) => (extra ? { ...obj, [extra[0]]: extra[1] } : obj));
  } else if (schema.type === 'array') own = fc.array(fromSchema(schema.items, depth + 1), { maxLength: 4 });
  else if (schema.type === 'integer')
    own = fc.oneof(fc.integer({ min: schema.minimum ?? -5, max: schema.maximum ?? 1e6 }), fc.integer());
  else if (schema.type === 'number')
    own = fc.oneof(fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true }), fc.double());
  else if (schema.type === 'boolean') own = fc.boolean();
  else if (schema.type === 'string') own = fc.oneof(fc.string({ maxLength: schema.maxLength ?? 40 }), nasty);
  else own = scalar;
  return fc.oneof({ weight: 6, arbitrary: own }, { weight: 1, arbitrary: stray });
}

/** encodeURIComponent throws on a lone surrogate; a client would have sent U+FFFD (as UTF-8 does). */
const enc = (v: string) => encodeURIComponent(Buffer.from(v).toString());

interface Op {
  id: string;
  method: string;
  path: string;
  params: Json[];
  body: Json | undefined;
}

describe('property-based fuzz of every operation, driven from the OpenAPI document (in-process, Fastify inject)', () => {
  let dir: string;
  let core: Core;
  let app: FastifyInstance;
  let token: string;
  let account: number;
  const VALID = 'the fuzz token';
  /** A token for the fuzz, used once so that its first use (recorded once a minute) is not taken for a change. */
  const mint = async () => {
    const { token: t } = await core.execute(
      'tokens.create',
      { body: { name: 'fuzz', permissions: [...PERMISSIONS] } },
      ownerPrincipal(account),
    );
    expect(
      (await app.inject({ method: 'GET', url: '/v1/tokens', headers: { authorization: `Bearer ${t}` } })).statusCode,
    ).toBe(200);
    return t;
  };
  let ops: Op[];
  let shipment: { id: number; code: string };

  /** The store as another connection reads it: its data_version moves with every commit of the service. */
  let reader: Database.Database;
  const changes = () => reader.pragma('data_version', { simple: true }) as number;
  let hash = '';
  let hashedAt = -1;

  /** Every row of every table, hashed: what a rejected request must leave exactly as it was. */
  function checksum(): string {
    const db = reader;
    const tables = db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '%fts%' ORDER BY name",
      )
      .all();
    return tables
      .map(({ name }) => {
        const rows = JSON.stringify(db.prepare(`SELECT * FROM "${name}"`).raw().all(), (_k, v) =>
          typeof v === 'bigint' ? String(v) : v,
        );
        return `${name}:${createHash('sha256').update(rows).digest('hex').slice(0, 16)}`;
      })
      .join(' ');
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'station-'));
    // A fixed clock: reads never write (a token's last use is recorded once a minute).
    core = await createCore({ dataDir: dir, printQueue: false, clock: fixedClock(new Date()) });
    reader = new Database(join(dir, DB_FILE), { readonly: true });
    app = await buildServer(core, { rateLimitPerMinute: 0 });
    account = (await core.execute('accounts.create', { body: { name: 'acme' } }, ownerPrincipal())).id;
    token = await mint();
    const created = await app.inject({
      method: 'POST',
      url: '/v1/shipments',
      headers: { authorization: `Bearer ${token}` },
      payload: shipmentBody(),
    });
    shipment = created.json();
    const doc = (await app.inject({ method: 'GET', url: '/v1/openapi.json' })).json<Json>();
    components = doc.components.schemas;
    ops = Object.entries<Json>(doc.paths).flatMap(([path, item]) =>
      Object.entries<Json>(item)
        .filter(([, op]) => !OUTSIDE_WORLD.has(op.operationId))
        .map(([method, op]) => ({
          id: op.operationId,
          method: method.toUpperCase(),
          path: doc.servers[0].url + path,
          params: op.parameters ?? [],
          body: op.requestBody?.content?.['application/json']?.schema,
        })),
    );
  });
  afterAll(async () => {
    await app.close();
    reader.close();
    await core.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(`answers ${RUNS} generated requests without a 5xx, every refusal as problem details that changed nothing`, async () => {
    expect(ops.length).toBeGreaterThan(25);
    const statuses: Record<number, number> = {};
    const pathValue = (p: Json) =>
      fc.oneof(
        fc.constantFrom(String(shipment.id), shipment.code, '1', 'default'),
        fromSchema(p.schema).map(String),
        fc.string({ unit: 'binary', maxLength: 30 }),
      );
    // One arbitrary per operation, built once (building them is the costly part of generation).
    const perOp = ops.map((op) =>
      fc.record({
        op: fc.constant(op),
        path: fc.tuple(
          ...op.params.filter((p) => p.in === 'path').map((p) => pathValue(p).map((v) => [p.name, v] as const)),
          fc.constant(null),
        ),
        query: fc.tuple(
          ...op.params
            .filter((p) => p.in === 'query')
            .map((p) =>
              fc.option(
                fromSchema(p.schema).map((v) => [p.name, v] as const),
                { freq: 2 },
              ),
            ),
          fc.option(fc.tuple(fc.string({ maxLength: 6 }), scalar), { freq: 6 }),
        ),
        body: op.body
          ? fc.oneof({ weight: 8, arbitrary: fromSchema(op.body) }, { weight: 1, arbitrary: fc.jsonValue() })
          : fc.constant(undefined),
        raw: fc.option(fc.oneof(fc.string({ maxLength: 60 }), fc.constant('{"a":'), fc.constant('['.repeat(5000))), {
          freq: 12,
        }),
        contentType: fc.option(
          fc.constantFrom('text/plain', 'application/xml', 'application/json; charset=latin1', 'multipart/form-data'),
          { freq: 12 },
        ),
        auth: fc.oneof(
          { weight: 12, arbitrary: fc.constant(VALID) },
          { weight: 1, arbitrary: fc.oneof(fc.constant(undefined), fc.string({ maxLength: 30 })) },
        ),
      }),
    );
    const request = fc.oneof(...perOp);

    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        let url = r.op.path;
        for (const pair of r.path) if (pair) url = url.replace(`{${pair[0]}}`, enc(String(pair[1])));
        const qs = r.query
          .filter((q): q is readonly [string, unknown] => q !== null)
          .map(([k, v]) => `${enc(k)}=${enc(typeof v === 'string' ? v : JSON.stringify(v))}`)
          .join('&');
        const headers: Record<string, string> = {};
        if (r.auth !== undefined) headers.authorization = r.auth === VALID ? `Bearer ${token}` : r.auth;
        const payload = r.raw ?? (r.body === undefined ? undefined : JSON.stringify(r.body));
        if (payload !== undefined) headers['content-type'] = r.contentType ?? 'application/json';
        const changesBefore = changes();
        // Hash the store only when something was written since the last hash (successful requests do write).
        if (changesBefore !== hashedAt) [hash, hashedAt] = [checksum(), changesBefore];
        const res = await app.inject({
          method: r.op.method as 'GET',
          url: qs ? `${url}?${qs}` : url,
          headers,
          ...(payload !== undefined ? { payload } : {}),
        });
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        const what = `${r.op.method} ${url}?${qs} ${String(payload).slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
        if (res.statusCode >= 500) throw new Error(`5xx: ${what}`);
        // The fuzz may revoke its own token (it holds tokens.write): carry on with a fresh one.
        if (r.op.id === 'tokens.revoke' && res.statusCode === 200) token = await mint();
        if (res.statusCode >= 400) {
          if (!String(res.headers['content-type']).startsWith('application/problem+json'))
            throw new Error(`not problem+json: ${what}`);
          // A HEAD answer carries the problem's headers without its body.
          const p = r.op.method === 'HEAD' ? { status: res.statusCode, code: '', detail: '' } : res.json();
          if (p.status !== res.statusCode || typeof p.code !== 'string' || typeof p.detail !== 'string')
            throw new Error(`bad problem: ${what}`);
          // Every write goes through this one connection, so an unchanged count of changed rows means an unchanged store;
          // when the count moved (a write rolled back counts too), the hash decides.
          if (changes() !== changesBefore && checksum() !== hash) {
            const after = checksum().split(' ');
            const changed = hash
              .split(' ')
              .filter((t, i) => t !== after[i])
              .map((t) => t.split(':')[0]);
            throw new Error(`a refused request changed the store (${changed.join(', ')}): ${what}`);
          }
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    // The generator reached past validation too, not only the first 400.
    const count = (pred: (s: number) => boolean) =>
      Object.entries(statuses)
        .filter(([s]) => pred(Number(s)))
        .reduce((n, [, c]) => n + c, 0);
    console.log(`fuzz seed ${SEED}, ${RUNS} cases, answers by status: ${JSON.stringify(statuses)}`);
    expect(count((s) => s === 400)).toBeGreaterThan(RUNS / 10);
    expect(count((s) => s < 300)).toBeGreaterThan(RUNS / 50);
    expect(count((s) => s === 404 || s === 409 || s === 401 || s === 415)).toBeGreaterThan(RUNS / 100);
  }, 240_000);
});
