import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../../core/engines/sqlite/db.js';
import { migrations } from '../../core/engines/sqlite/migrations/index.js';

/**
 * A store left at any released version (branches that land together renumber their migrations into one line) is
 * brought up to the newest at open, keeps its rows, and ends with exactly the schema of a store made new: no
 * migration of the line may assume the one before it ran in another order.
 */
const newest = Math.max(...migrations.map((m) => m.version));
const dir = mkdtempSync(join(tmpdir(), 'station-every-version-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function schemaOf(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare<[], { type: string; name: string; sql: string | null }>(
        "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name",
      )
      .all()
      .map((r) => `${r.type} ${r.name}: ${(r.sql ?? '').replace(/\s+/g, ' ')}`);
  } finally {
    db.close();
  }
}

describe('SQLite migrations from every earlier version', () => {
  const fresh = join(dir, 'fresh.db');
  openDb(fresh).close();
  const expected = schemaOf(fresh);

  it.each(migrations.filter((m) => m.version < newest).map((m) => m.version))(
    'a store with a shipment at version %i migrates to the newest',
    (version) => {
      const file = join(dir, `v${version}.db`);
      // The shipment is written at version 1 (its columns are the first ones), then the store goes up to `version`.
      const v1 = openDb(
        file,
        migrations.filter((m) => m.version === 1),
      );
      v1.prepare("INSERT INTO accounts (name, created_at) VALUES ('acme', 1)").run();
      v1.prepare(
        `INSERT INTO shipments (account_id, code, ref, type, method, origin, destination, dimensions, status, created_at, updated_at)
         VALUES (1, 'ABCDEFGHJK', 'R-1', 'DELIVERY', 'STANDARD', '{}', '{}', '{}', 'TO_COLLECT', 1, 1)`,
      ).run();
      v1.close();
      openDb(
        file,
        migrations.filter((m) => m.version <= version),
      ).close();

      const notices: string[] = [];
      const db = openDb(file, migrations, (m) => notices.push(m));
      try {
        expect(db.pragma('user_version', { simple: true })).toBe(newest);
        expect(notices).toEqual([expect.stringContaining(`from version ${version} to ${newest}`)]);
        expect(db.prepare('SELECT code, ref FROM shipments').all()).toEqual([{ code: 'ABCDEFGHJK', ref: 'R-1' }]);
      } finally {
        db.close();
      }
      expect(schemaOf(file)).toEqual(expected);
    },
  );
});
