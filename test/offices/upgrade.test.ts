import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { storeServices } from '../helpers/fixtures.js';
import { DB_FILE } from '../../core/platform/paths.js';
import { openDb } from '../../core/engines/sqlite/db.js';
import { migrations } from '../../core/engines/sqlite/migrations/index.js';

/** A station whose store predates postal keys (schema version 4) upgrades in place and finds its offices by key. */
describe('office postal keys on an upgraded store', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'offices-upgrade-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keys the offices written before the upgrade', async () => {
    const old = openDb(
      join(dataDir, DB_FILE),
      migrations.filter((m) => m.version <= 4),
    );
    const insert = old.prepare(
      `INSERT INTO offices (code, name, company, street, city, state, country, zip, lat, lng, active, parcel, opening_hours, updated_at)
       VALUES (?, 'Punto', 'Test S.A.', 'Belgrano 100', 'Villa Test', 'Córdoba', 'AR', ?, -31.5, -64.3, 1, 1, '24/7', 0)`,
    );
    insert.run('OLD-1', 'X7711ABC');
    insert.run('OLD-2', '7711');
    insert.run('OLD-3', '7712');
    old.close();

    const core = await storeServices(dataDir);
    try {
      const found = await core.services.offices.search({ zip: '7711' });
      expect(found.data.map((o) => o.code).sort()).toEqual(['OLD-1', 'OLD-2']);
      const near = await core.services.offices.search({ zip: 'x7712zzz', near: { lat: -31.5, lng: -64.3 } });
      expect(near.data.map((o) => o.code)).toEqual(['OLD-3']);
    } finally {
      await core.close();
    }
  });
});
