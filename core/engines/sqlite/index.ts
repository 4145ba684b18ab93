import { join } from 'node:path';
import { DB_FILE } from '../../platform/paths.js';
import { searchKeptFrom, type Engine, type Stores } from '../engine.js';
import type { Clock } from '../../platform/clock.js';
import { storageFull } from '../../shared/errors.js';
import { keyFiles, keysDir } from '../../features/qr/key-files.js';
import { createAuthStore } from './auth.js';
import { backupsToKeep, backupTo, createDailyBackups } from './backup.js';
import { openDb, type Db, type UpgradeNotice } from './db.js';
import { createDownloadStore } from './downloads.js';
import { isStorageFull } from './errors.js';
import { createEventStore } from './events.js';
import { checkpointWhenQuiet } from './checkpoint.js';
import { createGroupCommit } from './group-commit.js';
import { createIdempotencyStore } from './idempotency.js';
import { createMappingStore } from './import-mappings.js';
import { createLabelTokenStore } from './label-tokens.js';
import { createManifestStore } from './manifests.js';
import { createOfficeStore } from './offices.js';
import { createPresetStore } from './presets.js';
import { createPrintStore } from './printing.js';
import { createRateCardStore } from './ratecards.js';
import { createSenderStore } from './senders.js';
import { createScaleStore, createSettingsStore } from './settings.js';
import { createShipmentStore } from './shipments.js';
import type { Sync } from './sync.js';
import { createOutboxStore, createWebhookStore } from './webhooks.js';

type AnyFn = (...args: never[]) => unknown;
/** The stores kept in the database (the signing keys are files): every one, or the engine does not compile. */
type DbStores = Omit<Stores, 'signingKeys'>;
type SyncStores = { [K in keyof DbStores]: Sync<DbStores[K]> };

/** SQLite's "disk full" as the service says it (507 storage_full); anything else as it is. */
const translated = (e: unknown) => (isStorageFull(e) ? storageFull(e) : e);

/**
 * Each store's functions made async: inside a transaction as they are, outside after `before` (waiting for one).
 * A full disk becomes the service's `storage_full` here, where SQLite's error leaves the engine.
 */
function asyncStores(stores: SyncStores, before?: () => Promise<void>): DbStores {
  const out: Partial<Record<keyof DbStores, unknown>> = {};
  for (const [name, store] of Object.entries(stores) as Array<[keyof DbStores, Record<string, AnyFn>]>) {
    const wrapped: Record<string, AnyFn> = {};
    for (const [method, fn] of Object.entries(store))
      wrapped[method] = async (...args: never[]) => {
        if (before) await before();
        try {
          return fn(...args);
        } catch (e) {
          throw translated(e);
        }
      };
    out[name] = wrapped;
  }
  // Each store above was wrapped method by method: its async interface (Sync's inverse).
  return out as DbStores;
}

export interface SqliteEngine extends Engine {
  readonly kind: 'sqlite';
  /** The connection, for what only SQLite has: online backups. */
  readonly db: Db;
}

/**
 * The SQLite engine: every store over one better-sqlite3 connection to `<data>/station.db`, each transaction a
 * savepoint in a group commit (group-commit.ts).
 */
export interface SqliteOptions {
  clock: Clock;
  env: Record<string, string | undefined>;
  onUpgrade?: UpgradeNotice;
  /**
   * The long-running service (`station serve`, the desktop app): it holds the store's lock as the service, so that
   * a second one refuses to start and `station restore` refuses while it runs (lock.ts); commands share the store.
   */
  service?: boolean;
}

export function openSqliteEngine(dataDir: string, opts: SqliteOptions): SqliteEngine {
  const file = join(dataDir, DB_FILE);
  const db = openDb(file, undefined, opts.onUpgrade, opts.service ? 'service' : 'command');
  let commits: ReturnType<typeof createGroupCommit<Stores>> | null = null;
  const idle = () => commits!.idle();
  const shipments = createShipmentStore(db, idle, searchKeptFrom(opts.env));
  const sync: SyncStores = {
    auth: createAuthStore(db),
    shipments: shipments.store,
    events: createEventStore(db),
    printing: createPrintStore(db),
    downloads: createDownloadStore(db),
    manifests: createManifestStore(db),
    offices: createOfficeStore(db),
    rateCards: createRateCardStore(db),
    senders: createSenderStore(db),
    presets: createPresetStore(db),
    settings: createSettingsStore(db),
    labelTokens: createLabelTokenStore(db),
    importMappings: createMappingStore(db),
    scale: createScaleStore(db),
    outbox: createOutboxStore(db),
    webhooks: createWebhookStore(db),
    idempotency: createIdempotencyStore(db),
  };
  // The signing keys stay files beside the store, so that `station verify` needs no database.
  const signingKeys = keyFiles(keysDir(dataDir));
  commits = createGroupCommit<Stores>(db, { ...asyncStores(sync), signingKeys });
  const group = commits;
  const backups = createDailyBackups(db, dataDir, opts.clock, backupsToKeep(opts.env));
  return {
    kind: 'sqlite',
    location: file,
    db,
    stores: { ...asyncStores(sync, idle), signingKeys },
    transaction: async (fn, txOpts) => {
      try {
        return await group.transaction(fn, txOpts);
      } catch (e) {
        // The COMMIT itself may find the disk full.
        throw translated(e);
      }
    },
    background(onError, lastBegan, notice) {
      const report = (err: unknown) => onError(translated(err));
      const indexing = shipments.indexInBackground(report, notice);
      const daily = backups.start(report);
      const checkpoints = checkpointWhenQuiet(db, idle, lastBegan, report);
      return {
        stop() {
          indexing.stop();
          daily.stop();
          checkpoints.stop();
        },
      };
    },
    backup: (to) => backupTo(db, to),
    async close() {
      await group.drained();
      await backups.settled();
      db.close();
    },
  };
}
