import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDb } from '../../core/engines/sqlite/db.js';
import { useSqliteAddon } from '../../core/engines/sqlite/sqlite.js';

const dir = mkdtempSync(join(tmpdir(), 'station-binding-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => useSqliteAddon(undefined));

/** The addon node_modules holds, built for this Node. */
const nodeBuild = join(
  dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')),
  'build',
  'Release',
  'better_sqlite3.node',
);

describe('the store opens with the better-sqlite3 addon the process names (the desktop app names its Electron build)', () => {
  it('loads the addon named for every connection, and works with it', () => {
    useSqliteAddon(nodeBuild);
    const db = openDb(join(dir, 'named.db'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it('an addon that is not there fails at open, naming it; node_modules’ own is the default again after', () => {
    useSqliteAddon(join(dir, 'electron-41.7.1', 'better_sqlite3.node'));
    expect(() => openDb(join(dir, 'missing.db'))).toThrow(/electron-41\.7\.1/);
    useSqliteAddon(undefined);
    openDb(join(dir, 'default.db')).close();
  });
});
