import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** `--data DIR`, else `STATION_DATA`, else the platform's per-user app-data folder (contract). */
export function resolveDataDir(flag?: string, env: Record<string, string | undefined> = process.env): string {
  const dir = flag || env.STATION_DATA || defaultDataDir(env);
  const abs = resolve(dir);
  mkdirSync(abs, { recursive: true, mode: 0o700 });
  return abs;
}

function defaultDataDir(env: Record<string, string | undefined>): string {
  if (process.platform === 'win32')
    return join(env.APPDATA || join(homedir(), 'AppData', 'Roaming'), 'Shipping Station');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Shipping Station');
  return join(env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), 'shipping-station');
}

export const DB_FILE = 'station.db';
