import type { Clock } from '../platform/clock.js';
import { searchKeptFrom, type Engine } from './engine.js';
import { openPostgresEngine } from './postgres/index.js';
import { openSqliteEngine } from './sqlite/index.js';

export interface OpenOptions {
  /** `--store` / `STATION_STORE`: a `postgres://` URL, or absent for SQLite in `dataDir`. */
  store?: string | undefined;
  dataDir: string;
  clock: Clock;
  env: Record<string, string | undefined>;
  onUpgrade?: (message: string) => void;
  /** The long-running service opens it (SQLite: the one process that may serve a data folder at a time). */
  service?: boolean;
}

/** Whether `store` names a PostgreSQL database. */
export const isPostgresUrl = (store: string | undefined): boolean =>
  store !== undefined && /^postgres(ql)?:\/\//i.test(store);

/** The one place an engine is chosen: PostgreSQL for a `postgres://` URL, SQLite in the data folder otherwise. */
export async function openEngine(o: OpenOptions): Promise<Engine> {
  const store = o.store ?? '';
  if (isPostgresUrl(store))
    return openPostgresEngine(store, {
      clock: o.clock,
      searchKeptFrom: searchKeptFrom(o.env),
      ...(o.onUpgrade ? { onUpgrade: o.onUpgrade } : {}),
    });
  if (store !== '')
    throw new Error(`--store must be a postgres:// URL (or left out for SQLite in the data folder), not ${store}`);
  return Promise.resolve(
    openSqliteEngine(o.dataDir, {
      clock: o.clock,
      env: o.env,
      service: o.service ?? false,
      ...(o.onUpgrade ? { onUpgrade: o.onUpgrade } : {}),
    }),
  );
}
