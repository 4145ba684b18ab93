import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { KeyRecord, SigningKeyStore } from './store.js';

const KEY_FILE = /^([A-Za-z0-9_-]{16})\.json$/;

export const keysDir = (dataDir: string) => join(dataDir, 'keys');

/**
 * Signing keys as files in one folder, `<data>/keys/<kid>.json` (0600): `station verify` works offline from the data
 * directory alone, and `station keys rotate` works while `serve` runs. Processes notice a change by the folder's
 * mtime (every write is a rename into the folder, which changes it).
 */
export function keyFiles(dir: string): SigningKeyStore {
  let cache: { mtimeMs: number; records: KeyRecord[] } | null = null;
  return {
    all() {
      if (!existsSync(dir)) return Promise.resolve([]);
      const mtimeMs = statSync(dir).mtimeMs;
      if (cache?.mtimeMs !== mtimeMs) {
        const records = readdirSync(dir)
          .filter((f) => KEY_FILE.test(f))
          .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as KeyRecord)
          .sort((a, b) => a.created_at - b.created_at || a.kid.localeCompare(b.kid));
        cache = { mtimeMs, records };
      }
      return Promise.resolve(cache.records);
    },
    save(r) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const file = join(dir, `${r.kid}.json`);
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(r, null, 2), { mode: 0o600 });
      // mode on create is filtered by the umask; chmod makes it exactly 0600 whatever the umask.
      chmodSync(tmp, 0o600);
      renameSync(tmp, file);
      cache = null;
      return Promise.resolve();
    },
  };
}
