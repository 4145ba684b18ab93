import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../core/adapters/http/server.js';
import { createCore, type Core } from '../../core/app/index.js';
import { ownerPrincipal } from '../../core/platform/operations/principal.js';
import { DB_FILE } from '../../core/platform/paths.js';
import { shipmentBody } from '../helpers/fixtures.js';

/** A 500 says only "logged under request id X"; the log has X, the stack and never a token. */
describe('failures are logged', () => {
  let dir: string;
  let core: Core;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'station-log-'));
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const l of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(l) as Record<string, unknown>);
        done();
      },
    });
    core = await createCore({
      dataDir: dir,
      printQueue: false,
      logger: pino({ level: 'info' }, sink),
      verifyOutput: true,
    });
  });
  const tokenOf = async (name: string) => {
    const account = await core.execute('accounts.create', { body: { name } }, ownerPrincipal());
    const made = await core.execute(
      'tokens.create',
      { body: { name: 'test', permissions: ['shipments.read'] } },
      ownerPrincipal(account.id),
    );
    return { account: account.id, token: made.token };
  };
  /** The store as another program would damage it, behind the service's back. */
  const behindItsBack = (sql: string) => {
    const db = new Database(join(dir, DB_FILE));
    try {
      db.exec(sql);
    } finally {
      db.close();
    }
  };
  afterAll(async () => {
    await core.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a provoked 500 is in the log under the id the client got, with its stack, without the token', async () => {
    const { token } = await tokenOf('acme');
    const app = await buildServer(core);
    // The per-status totals are gone: a search without filters fails inside the store.
    behindItsBack('ALTER TABLE shipment_counts RENAME TO shipment_counts_gone');
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/v1/shipments',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      const body = res.json<{ code: string; detail: string; request_id: string }>();
      expect(body.code).toBe('internal');
      expect(body.detail).not.toMatch(/shipment_counts/);
      expect(res.headers['x-request-id']).toBe(body.request_id);
      const entry = lines.find((l) => l.request_id === body.request_id);
      expect(entry).toBeDefined();
      expect(entry!.level).toBe(50);
      expect(JSON.stringify((entry as { err?: { stack?: string } }).err?.stack)).toMatch(
        /no such table: shipment_counts/,
      );
      expect(JSON.stringify(lines)).not.toContain(token);
    } finally {
      behindItsBack('ALTER TABLE shipment_counts_gone RENAME TO shipment_counts');
      await app.close();
    }
  });

  it('an answer that breaks its own output schema is a logged 500, so the OpenAPI document cannot drift', async () => {
    const { token, account } = await tokenOf('globex');
    const app = await buildServer(core);
    const made = await core.execute('shipments.create', { body: shipmentBody() }, ownerPrincipal(account));
    // A platform the interface does not know, written by another program: the answer would break its schema.
    behindItsBack(`UPDATE shipments SET platform = 'not-a-platform' WHERE id = ${made.id}`);
    try {
      const res = await app.inject({
        method: 'GET',
        url: `/v1/shipments/${made.code}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(500);
      const { request_id } = res.json<{ request_id: string }>();
      expect(lines.find((l) => l.request_id === request_id)?.msg).toMatch(/output schema/);
    } finally {
      await app.close();
    }
  });
});
