import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DB_FILE } from '../../core/platform/paths.js';
import { openDb } from '../../core/engines/sqlite/db.js';
import { migrations } from '../../core/engines/sqlite/migrations/index.js';
import { station } from '../helpers/station.js';

/** Upgrading a large store can take minutes at start: the operator is told why `station` waits (needs build:core). */
describe('station on a store of an older version', () => {
  const data = mkdtempSync(join(tmpdir(), 'station-upgrade-'));
  afterAll(() => rmSync(data, { recursive: true, force: true }));
  const latest = Math.max(...migrations.map((m) => m.version));

  it('says on stderr that it upgrades, once, and keeps stdout for the answer', async () => {
    openDb(
      join(data, DB_FILE),
      migrations.filter((m) => m.version <= 4),
    ).close();
    const first = await station(['settings', 'timezone', '--data', data], { STATION_TZ: 'Europe/Madrid' });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout.trim()).toBe('Europe/Madrid');
    const names = migrations
      .filter((m) => m.version > 4)
      .map((m) => m.name)
      .join(', ');
    expect(first.stderr).toContain(`upgrading the store from version 4 to ${latest} (${names})`);

    const again = await station(['settings', 'timezone', '--data', data], { STATION_TZ: 'Europe/Madrid' });
    expect(again.stderr).not.toContain('upgrading');
  });

  it('says nothing when it creates a new store', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'station-new-'));
    try {
      const r = await station(['settings', 'timezone', '--data', fresh], { STATION_TZ: 'Europe/Madrid' });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toContain('upgrading');
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });
});
