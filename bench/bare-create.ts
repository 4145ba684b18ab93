/**
 * The baselines of the create and read-path benchmarks (bench/create.ts, bench/paths.ts): bare Fastify +
 * better-sqlite3 routes with no authentication, validation or rules, on a store with the station's own tables and
 * triggers. Run as its own process: `node dist/bench/bare-create.js DATA_DIR ACCOUNT_ID plain|indexed`; says
 * `listening on URL` when ready.
 * - plain: the same shipment row and first event, inserted directly (the issue's baseline);
 * - indexed: the same through the shipments store, and its full-text search words written at once, one shipment
 *   at a time (the station writes them behind, in batches).
 * `GET /v1/shipments/:code` is the same lookup by code in either mode: the account's row, its JSON columns parsed.
 */
import { join } from 'node:path';
import Fastify from 'fastify';
import { DB_FILE } from '../core/platform/paths.js';
import type { ShipmentCreateT } from '../core/features/shipments/schemas.js';
import type { NewShipment } from '../core/features/shipments/record.js';
import { generateCode } from '../core/features/shipments/code.js';
import { openDb } from '../core/engines/sqlite/db.js';
import { createEventStore } from '../core/engines/sqlite/events.js';
import { searchKeptFrom } from '../core/engines/engine.js';
import { createShipmentStore } from '../core/engines/sqlite/shipments.js';

const [dataDir, account, mode] = process.argv.slice(2);
const db = openDb(join(dataDir!, DB_FILE));
const shipments = createShipmentStore(db, () => Promise.resolve(), searchKeptFrom(process.env));
const events = createEventStore(db);
const accountId = Number(account);
const insertRow = db.prepare(
  `INSERT INTO shipments (account_id, code, ref, type, method, office_id, value, content, notes, platform, origin,
     destination, dimensions, status, parent_id, number, created_at, updated_at)
   VALUES (@account_id, @code, @ref, @type, @method, @office_id, @value, @content, @notes, @platform, @origin,
     @destination, @dimensions, @status, @parent_id, @number, @created_at, @updated_at)`,
);

const insert: (s: NewShipment) => number =
  mode === 'indexed'
    ? (s) => {
        const { id } = shipments.store.insert(s, s.created_at);
        shipments.catchUp();
        return id;
      }
    : (s) =>
        Number(
          insertRow.run({
            ...s,
            origin: JSON.stringify(s.origin),
            destination: JSON.stringify(s.destination),
            dimensions: JSON.stringify(s.dimensions),
          }).lastInsertRowid,
        );

const store = db.transaction((b: ShipmentCreateT, code: string, now: number) => {
  const status = b.type === 'RETURN' ? 'TO_RECOVER' : 'TO_COLLECT';
  const id = insert({
    account_id: accountId,
    code,
    ref: b.ref,
    type: b.type,
    method: 'STANDARD',
    office_id: null,
    value: b.value ?? null,
    content: b.content ?? null,
    notes: null,
    platform: b.platform ?? null,
    origin: b.origin,
    destination: b.destination as ShipmentCreateT['origin'],
    dimensions: b.dimensions,
    status,
    parent_id: null,
    number: null,
    created_at: now,
    updated_at: now,
  });
  events.insert({ shipment_id: id, date: now, status, sub_status: null, issue: null, receiver: null });
  return { id, status };
});

const app = Fastify();
app.post('/v1/shipments', async (req, reply) => {
  const b = req.body as ShipmentCreateT;
  const code = generateCode();
  const now = Date.now();
  const { id, status } = store.immediate(b, code, now);
  const at = new Date(now).toISOString();
  return reply.code(201).send({ ...b, id, code, status, created_at: at, updated_at: at });
});
const byCode = db.prepare<[string, number], Record<string, unknown>>(
  'SELECT * FROM shipments WHERE code = ? AND account_id = ?',
);
app.get('/v1/shipments/:code', async (req, reply) => {
  const row = byCode.get((req.params as { code: string }).code, accountId);
  if (!row) return reply.code(404).send({ status: 404 });
  for (const k of ['origin', 'destination', 'dimensions']) row[k] = JSON.parse(row[k] as string);
  return row;
});
const url = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening on ${url}/v1`);
process.on('SIGTERM', () => void app.close().then(() => (db.close(), process.exit(0))));
