import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../core/app/index.js';
import { listen } from '../../core/adapters/http/listen.js';
import { DB_FILE } from '../../core/platform/paths.js';
import { openDb } from '../../core/engines/sqlite/db.js';
import { migrations } from '../../core/engines/sqlite/migrations/index.js';
import { admin, DIMENSIONS, party, shipmentBody } from '../helpers/fixtures.js';
import type { Station } from '../helpers/station.js';

/**
 * A store written at version 4 (shipments indexed the old way: `shipments_fts`, keyed by id) is upgraded in place
 * when the station opens it: the search index is rebuilt from the rows and the per-status totals counted, so that
 * every old shipment is found by each of its words, by its own account only, with the right totals.
 */
describe('upgrading a version-4 store with shipments', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'station-v4-'));
  let core: Core;
  let close: () => Promise<void>;
  let url: string;
  const tokens: Record<string, string> = {};
  const old: Record<string, Array<{ code: string; ref: string }>> = { north: [], south: [] };

  beforeAll(async () => {
    const v4 = openDb(
      join(dataDir, DB_FILE),
      migrations.filter((m) => m.version <= 4),
    );
    const t0 = Date.parse('2026-03-01T10:00:00Z');
    v4.transaction(() => {
      const account = v4.prepare('INSERT INTO accounts (name, created_at) VALUES (?, ?)');
      const ids = {
        north: Number(account.run('north', t0).lastInsertRowid),
        south: Number(account.run('south', t0).lastInsertRowid),
      };
      const insert = v4.prepare(
        `INSERT INTO shipments (account_id, code, ref, type, method, origin, destination, dimensions, status, created_at, updated_at)
         VALUES (?, ?, ?, 'DELIVERY', 'STANDARD', ?, ?, ?, ?, ?, ?)`,
      );
      const index = v4.prepare('INSERT INTO shipments_fts (rowid, words) VALUES (?, ?)');
      for (let i = 0; i < 12; i++) {
        const owner = i % 3 === 0 ? 'south' : 'north';
        const origin = party(`Depósito ${i % 2 ? 'Norte' : 'Sur'}`, 'Rosario', 'S2000');
        const destination = party(
          i % 2 ? 'Xiomara Ibáñez' : 'Yolanda Ortiz',
          i % 4 ? 'Córdoba' : 'Villa María',
          `X50${10 + i}`,
        );
        destination.address.street = `Calle ${['Lavalle', 'Güemes', 'Alvear'][i % 3]} ${100 + i}`;
        destination.contact.email = `cliente${i}@correo.example`;
        // Real codes (CODE_PATTERN): the answers are checked against the Shipment schema.
        const code = `VQ${'23456789ABCD'[i]}${'EFGHJKLMNPQR'[i]}ABCDEF`;
        const ref = `V4-${i}`;
        const status = i < 4 ? 'DELIVERED' : 'TO_COLLECT';
        const at = t0 + i * 60_000;
        const id = Number(
          insert.run(
            ids[owner],
            code,
            ref,
            JSON.stringify(origin),
            JSON.stringify(destination),
            JSON.stringify(DIMENSIONS),
            status,
            at,
            at,
          ).lastInsertRowid,
        );
        // Version 4's words: ref, code, then each party's name, e-mail and address fields.
        const words = [
          ref,
          code,
          ...[origin, destination].flatMap((p) => [
            p.contact.name,
            (p.contact as { email?: string }).email,
            ...Object.values(p.address),
          ]),
        ];
        index.run(id, words.filter(Boolean).join(' '));
        old[owner]!.push({ code, ref });
      }
    })();
    v4.close();

    core = await createCore({ dataDir, printQueue: false });
    const a = await admin({ dataDir } as Station);
    for (const name of ['north', 'south'])
      tokens[name] = (await a.token(name, ['shipments.read', 'shipments.write'], { name: 't' })).token;
    await a.close();
    const server = await listen(core, { host: '127.0.0.1', port: 0, rateLimitPerMinute: 0 });
    url = server.url;
    close = () => server.app.close();
  });
  afterAll(async () => {
    await close?.();
    await core?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function search(account: string, query: string) {
    const res = await fetch(`${url}/shipments?${query}`, { headers: { authorization: `Bearer ${tokens[account]}` } });
    const body = (await res.json()) as { data: Array<{ code: string; ref: string }>; items: number; pages: number };
    expect(res.status, JSON.stringify(body)).toBe(200);
    return { refs: body.data.map((x) => x.ref), items: body.items };
  }

  it('migrates to the latest version', () => {
    const db = openDb(join(dataDir, DB_FILE));
    const version = db.pragma('user_version', { simple: true });
    db.close();
    expect(version).toBe(Math.max(...migrations.map((m) => m.version)));
  });

  it('finds an old shipment by each of its words, accents folded, and only in its own account', async () => {
    // V4-5 is north's: Xiomara Ibáñez, Calle Alvear 105 in Córdoba, zip X5015, from Depósito Norte in Rosario.
    const words = [
      'V4-5',
      'VQ7K',
      'xiomara ibanez',
      'cliente5',
      'alvear 105',
      'X5015',
      'deposito norte',
      'rosario S2000',
      'AR',
    ];
    for (const q of words) {
      expect((await search('north', `q=${encodeURIComponent(q)}&size=100`)).refs, q).toContain('V4-5');
      expect((await search('south', `q=${encodeURIComponent(q)}&size=100`)).refs, q).not.toContain('V4-5');
    }
  });

  it('lists, counts and sorts the old shipments per account as before', async () => {
    const north = old.north!.map((x) => x.ref).reverse();
    const south = old.south!.map((x) => x.ref).reverse();
    expect(await search('north', 'size=100')).toEqual({ refs: north, items: north.length });
    expect(await search('south', 'q=rosario&size=100')).toEqual({ refs: south, items: south.length });
    expect(await search('north', 'q=xiomara&sort=OLDEST&size=2')).toEqual({ refs: ['V4-1', 'V4-5'], items: 4 });
    expect((await search('north', 'status=DELIVERED')).items).toBe(2);
    expect((await search('south', 'status=TO_COLLECT')).items).toBe(2);
  });

  it('indexes and counts shipments created after the upgrade with the old ones', async () => {
    const body = shipmentBody({ ref: 'AFTER-1', destination: party('Xiomara Quispe') });
    const res = await fetch(`${url}/shipments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.north}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
    expect(await search('north', 'q=xiomara&size=2')).toEqual({ refs: ['AFTER-1', 'V4-11'], items: 5 });
    expect((await search('north', 'status=TO_COLLECT&size=1')).items).toBe(7);
    expect((await search('south', 'q=xiomara')).items).toBe(2);
  });
});
