import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../../core/store/db.js';

const dir = mkdtempSync(join(tmpdir(), 'station-binding-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The addon node_modules holds, built for this Node. */
const nodeBuild = join(
  dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')),
  'build',
  'Release',
  'better_sqlite3.node',
);

describe('the store opens with the better-sqlite3 addon it is given (the desktop app gives its Electron build)', () => {
  it('loads the addon named, and works with it', () => {
    const db = openDb(join(dir, 'named.db'), undefined, undefined, { nativeBinding: nodeBuild });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it('an addon that is not there fails at open, naming it', () => {
    const missing = join(dir, 'electron-41.7.1', 'better_sqlite3.node');
    expect(() => openDb(join(dir, 'missing.db'), undefined, undefined, { nativeBinding: missing })).toThrow(
      /electron-41\.7\.1/,
    );
  });
});
