/**
 * The PostgreSQL baseline of the read-path benchmark (bench/paths.ts): bare Fastify + `pg` routes with no
 * authentication, validation or rules, on a database the station has migrated (its tables, indexes and triggers),
 * with the station's pool size. Run as its own process: `node dist/bench/bare-pg.js URL ACCOUNT_ID`; says
 * `listening on URL` when ready.
 * - `POST /v1/shipments`: the same shipment row and first event, in one transaction (BEGIN, two inserts, COMMIT);
 * - `GET /v1/shipments/:code`: the same lookup by code, one query.
 */
import Fastify from 'fastify';
import pg from 'pg';
import type { ShipmentCreateT } from '../core/features/shipments/schemas.js';
import { generateCode } from '../core/features/shipments/code.js';

const [url, account] = process.argv.slice(2);
const accountId = Number(account);
/** The station's default pool (core/engines/postgres/index.ts). */
const pool = new pg.Pool({ connectionString: url, max: 20 });

const app = Fastify();
app.post('/v1/shipments', async (req, reply) => {
  const b = req.body as ShipmentCreateT;
  const code = generateCode();
  const now = Date.now();
  const status = b.type === 'RETURN' ? 'TO_RECOVER' : 'TO_COLLECT';
  const client = await pool.connect();
  let id: number;
  try {
    await client.query('BEGIN');
    const r = await client.query<{ id: string }>(
      `INSERT INTO shipments (account_id, code, ref, type, method, value, content, platform, origin, destination,
         dimensions, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 'STANDARD', $5, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING id`,
      [
        accountId,
        code,
        b.ref,
        b.type,
        b.value ?? null,
        b.content ?? null,
        b.platform ?? null,
        b.origin,
        b.destination,
        b.dimensions,
        status,
        now,
      ],
    );
    id = Number(r.rows[0]!.id);
    await client.query('INSERT INTO events (shipment_id, date, status) VALUES ($1, $2, $3)', [id, now, status]);
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK');
    throw e;
  } finally {
    client.release();
  }
  const at = new Date(now).toISOString();
  return reply.code(201).send({ ...b, id, code, status, created_at: at, updated_at: at });
});
app.get('/v1/shipments/:code', async (req, reply) => {
  const r = await pool.query(
    `SELECT id, account_id, code, ref, type, method, office_id, value, content, notes, platform, origin, destination,
       dimensions, status, sub_status, parent_id, number, packages, created_at, updated_at, labelled_at
     FROM shipments WHERE code = $1 AND account_id = $2`,
    [(req.params as { code: string }).code, accountId],
  );
  return r.rows[0] ?? reply.code(404).send({ status: 404 });
});
const listening = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening on ${listening}/v1`);
process.on('SIGTERM', () => void app.close().then(() => pool.end().then(() => process.exit(0))));
