import pg from 'pg';
import type { Clock } from '../../platform/clock.js';
import { DomainError, storageFull } from '../../shared/errors.js';
import type { TransactionOptions } from '../../platform/unit-of-work.js';
import type { Engine, Stores } from '../engine.js';
import { createAuthStore } from './auth.js';
import { createEventStore } from './events.js';
import { createIdempotencyStore } from './idempotency.js';
import { pgMigrations, type PgMigration } from './migrations/index.js';
import { createOfficeStore } from './offices.js';
import { createPrintStore } from './printing.js';
import { createShipmentStore } from './shipments.js';
import { createOutboxStore, createWebhookStore } from './webhooks.js';
import { createDownloadStore } from './downloads.js';
import { createLabelTokenStore } from './label-tokens.js';
import { createManifestStore } from './manifests.js';
import { createMappingStore } from './import-mappings.js';
import { createPresetStore } from './presets.js';
import { createRateCardStore } from './ratecards.js';
import { createScaleStore, createSettingsStore } from './settings.js';
import { createSenderStore } from './senders.js';
import { createSigningKeyStore } from './signing-keys.js';
import { sqlState, type Sql } from './sql.js';

export interface PostgresOptions {
  clock: Clock;
  onUpgrade?: (message: string) => void;
  /** Connections this station may hold at once (default 20). */
  poolSize?: number;
  /** `searchKeptFrom` of engine.ts. */
  searchKeptFrom?: number;
}

/** Seconds a client is told to wait (Retry-After) when the database cannot be reached. */
const RETRY_AFTER_S = 2;
/** The new shipments a station moves into the kept search totals at once, and how often (see `background`). */
const COUNT_BATCH = 2_000;
const COUNT_EVERY_MS = 1_000;
/** Tries of a transaction that lost to a concurrent one (deadlock, serialization failure). */
const MOST_TRIES = 8;

/**
 * node-postgres hands BIGINT (ids, epoch ms, counts) back as strings, since they may pass 2^53; ours never do, so
 * they are numbers here, as SQLite gives them.
 */
const INT8 = 20;
const parseBigint = (v: string) => Number(v);
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
    return oid === INT8 ? parseBigint : (pg.types.getTypeParser(oid, format) as (value: string) => unknown);
  },
} as typeof pg.types;

/** A failure that is the connection's, not the statement's: the station answers 503 and reconnects. */
function lostConnection(e: unknown): boolean {
  const code = sqlState(e) ?? '';
  if (/^(08|57P0)/.test(code)) return true;
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'].includes(code)) return true;
  const message = e instanceof Error ? e.message : '';
  return /Connection terminated|connection timeout|Client has encountered a connection error|not queryable/i.test(
    message,
  );
}

/** PostgreSQL's disk_full (SQLSTATE 53100): the write is refused as on a full SQLite disk, 507 storage_full. */
const diskFull = (e: unknown) => sqlState(e) === '53100';

function unavailable(e: unknown): DomainError {
  const error = new DomainError('unavailable', 'the database cannot be reached for the moment; try again shortly', {
    extra: { retry_after: RETRY_AFTER_S },
  });
  error.cause = e;
  return error;
}

/** Queries through `q`, a lost connection turned into a 503 the client can retry. */
function sqlOn(q: pg.Pool | pg.PoolClient, inTransaction: boolean): Sql {
  const sql: Sql = {
    inTransaction,
    async query<R extends pg.QueryResultRow>(text: string, values?: unknown[]) {
      try {
        return await q.query<R>(text, values);
      } catch (e) {
        throw lostConnection(e) ? unavailable(e) : diskFull(e) ? storageFull(e) : e;
      }
    },
  };
  return sql;
}

function storesOn(sql: Sql, keptFrom: number): Stores {
  return {
    auth: createAuthStore(sql),
    shipments: createShipmentStore(sql, keptFrom),
    events: createEventStore(sql),
    printing: createPrintStore(sql),
    downloads: createDownloadStore(sql),
    manifests: createManifestStore(sql),
    offices: createOfficeStore(sql),
    rateCards: createRateCardStore(sql),
    senders: createSenderStore(sql),
    presets: createPresetStore(sql),
    settings: createSettingsStore(sql),
    signingKeys: createSigningKeyStore(sql),
    labelTokens: createLabelTokenStore(sql),
    importMappings: createMappingStore(sql),
    scale: createScaleStore(sql),
    outbox: createOutboxStore(sql),
    webhooks: createWebhookStore(sql),
    idempotency: createIdempotencyStore(sql),
  };
}

/** The URL without its password, for messages. */
export const redacted = (url: string) => {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
};

/**
 * Applies the numbered migrations not yet applied, one transaction each, under an advisory lock so that stations
 * starting together upgrade once. A database written by a newer version is refused before anything is touched.
 */
export async function migratePostgres(pool: pg.Pool, migrations: PgMigration[], notice?: (m: string) => void) {
  const client = await pool.connect();
  let broken = false;
  const onBreak = () => (broken = true);
  client.on('error', onBreak);
  try {
    await client.query('SELECT pg_advisory_lock(19)');
    await client.query('CREATE TABLE IF NOT EXISTS station_schema (version INT NOT NULL)');
    const row = (await client.query<{ version: number }>('SELECT max(version) AS version FROM station_schema')).rows[0];
    const current = row?.version ?? 0;
    const newest = Math.max(0, ...migrations.map((m) => m.version));
    if (current > newest)
      throw new Error(
        `the database was written by a newer version of Shipping Station (store version ${current}; this version knows up to ${newest})`,
      );
    const pending = migrations.filter((m) => m.version > current).sort((a, b) => a.version - b.version);
    if (current > 0 && pending.length)
      notice?.(`upgrading the database from version ${current} to ${pending.at(-1)!.version}`);
    for (const m of pending) {
      await client.query('BEGIN');
      try {
        await client.query(m.sql);
        await client.query('INSERT INTO station_schema (version) VALUES ($1)', [m.version]);
        await client.query('COMMIT');
      } catch (e) {
        await client.query('ROLLBACK');
        throw e;
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(19)').catch(() => undefined);
    client.off('error', onBreak);
    client.release(broken);
  }
}

export interface PostgresEngine extends Engine {
  readonly kind: 'postgres';
  readonly pool: pg.Pool;
}

/**
 * The PostgreSQL engine: every store over a pool; a transaction is one connection of it, READ COMMITTED, the rows
 * it reads locked until it ends, tried again when it loses to a concurrent one (deadlock, serialization failure).
 * PostgreSQL shares WAL flushes between concurrent commits by itself, so there is no group commit here.
 */
export async function openPostgresEngine(url: string, opts: PostgresOptions): Promise<PostgresEngine> {
  // A burst of requests waits for a connection of the pool (creates take their time one after another); only a
  // database that cannot be reached for this long is a 503.
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 20,
    types,
    connectionTimeoutMillis: 20_000,
    // A search's total counts its matches in a bitmap of the table's pages: at a million shipments a broad word's
    // is some 10 MB, past the default 4 MB, where it turns lossy and every match is read from the table instead.
    // No JIT and no parallel workers: the search's expression looks costly to the planner, which then spent 50-120
    // ms compiling a count, or 30 ms starting workers for a page of 20.
    options: '-c work_mem=32MB -c jit=off -c max_parallel_workers_per_gather=0',
  });
  // An idle connection that breaks (the server restarted) is dropped by the pool; the next query opens another.
  pool.on('error', () => undefined);
  try {
    await migratePostgres(pool, pgMigrations, opts.onUpgrade);
  } catch (e) {
    await pool.end();
    throw lostConnection(e) ? new Error(`cannot reach the database at ${redacted(url)}: ${(e as Error).message}`) : e;
  }
  const keptFrom = opts.searchKeptFrom ?? 2_000;
  const stores = storesOn(sqlOn(pool, false), keptFrom);

  async function transaction<T>(fn: (tx: Stores) => Promise<T>, txOpts?: TransactionOptions): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (e) {
        throw unavailable(e);
      }
      let broken = false;
      // The pool listens for a broken connection only while it holds the client: one that breaks between this
      // transaction's statements would otherwise be an unhandled 'error' that ends the process.
      const onBreak = () => (broken = true);
      client.on('error', onBreak);
      try {
        // `with_next`: its COMMIT returns before the WAL is flushed; the next synchronous commit flushes it too.
        await client.query(txOpts?.durable === 'with_next' ? 'BEGIN; SET LOCAL synchronous_commit = off' : 'BEGIN');
        const value = await fn(storesOn(sqlOn(client, true), keptFrom));
        await client.query('COMMIT');
        return value;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => (broken = true));
        const state = sqlState(e);
        if ((state === '40001' || state === '40P01') && attempt < MOST_TRIES) {
          await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
          continue;
        }
        if (lostConnection(e)) {
          broken = true;
          throw unavailable(e);
        }
        // The COMMIT itself may find the disk full.
        throw diskFull(e) ? storageFull(e) : e;
      } finally {
        client.off('error', onBreak);
        client.release(broken);
      }
    }
  }

  return {
    kind: 'postgres',
    location: redacted(url),
    pool,
    stores,
    transaction,
    background(onError, _lastBegan, notice) {
      // Each serving station moves the new shipments into the kept search totals (migration 009), a batch at
      // a time, and all of a burst before it rests: a kept search's total counts the rest match by match. The
      // first one to start on a database counts its broad searches ahead, which makes every shipment new.
      let timer: NodeJS.Timeout | null = null;
      let stopped = false;
      let ahead: { keys: number; began: number } | null = null;
      let checkedAhead = false;
      const step = async () => {
        try {
          if (!checkedAhead) {
            const began = Date.now();
            const r = await pool.query<{ n: number | null }>('SELECT station_count_ahead($1) AS n', [keptFrom]);
            checkedAhead = true;
            const keys = r.rows[0]!.n;
            if (keys !== null && (await pool.query('SELECT 1 FROM search_uncounted LIMIT 1')).rowCount) {
              ahead = { keys, began };
              notice(
                `counting the totals of ${keys} broad searches once, in the background; a large store takes minutes, and searches are slower meanwhile`,
              );
            }
          }
          while (!stopped) {
            const r = await pool.query<{ n: number }>('SELECT station_count_uncounted($1) AS n', [COUNT_BATCH]);
            if (r.rows[0]!.n < COUNT_BATCH) break;
          }
          if (ahead && !stopped) {
            notice(`search totals counted in ${((Date.now() - ahead.began) / 1000).toFixed(1)} s`);
            ahead = null;
          }
        } catch (e) {
          onError(lostConnection(e) ? unavailable(e) : e);
        }
        if (!stopped) timer = setTimeout(() => void step(), COUNT_EVERY_MS).unref();
      };
      timer = setTimeout(() => void step(), 0).unref();
      return {
        stop() {
          stopped = true;
          if (timer) clearTimeout(timer);
        },
      };
    },
    backup: () =>
      Promise.reject(
        new DomainError('invalid_state', 'a PostgreSQL station is backed up with the database’s own tools (pg_dump)'),
      ),
    close: () => pool.end(),
  };
}
