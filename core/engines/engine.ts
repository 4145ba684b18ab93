import type { AuthStore } from '../features/auth/store.js';
import type { DownloadStore } from '../platform/downloads/store.js';
import type { MappingStore } from '../features/imports/store.js';
import type { LabelTokenStore } from '../features/labels/store.js';
import type { ManifestStore } from '../features/manifests/store.js';
import type { OfficeStore } from '../features/offices/store.js';
import type { PresetStore } from '../features/presets/store.js';
import type { PrintStore } from '../features/printing/store.js';
import type { SigningKeyStore } from '../features/qr/store.js';
import type { RateCardStore } from '../features/quote/store.js';
import type { ScaleStore } from '../features/scale/store.js';
import type { SenderStore } from '../features/senders/store.js';
import type { ShipmentStore } from '../features/shipments/store.js';
import type { SettingsStore } from '../features/station/store.js';
import type { EventStore } from '../features/tracking/store.js';
import type { IdempotencyStore } from '../platform/idempotency/store.js';
import type { UnitOfWork } from '../platform/unit-of-work.js';
import type { OutboxStore } from '../platform/outbox/store.js';
import type { WebhookStore } from '../features/webhooks/store.js';

/** Every feature's store, as an engine hands them out: for reading, or inside one transaction. */
export interface Stores {
  auth: AuthStore;
  shipments: ShipmentStore;
  events: EventStore;
  printing: PrintStore;
  downloads: DownloadStore;
  manifests: ManifestStore;
  offices: OfficeStore;
  rateCards: RateCardStore;
  senders: SenderStore;
  presets: PresetStore;
  settings: SettingsStore;
  signingKeys: SigningKeyStore;
  labelTokens: LabelTokenStore;
  importMappings: MappingStore;
  scale: ScaleStore;
  outbox: OutboxStore;
  webhooks: WebhookStore;
  idempotency: IdempotencyStore;
}

/** A store engine (core/engines/<engine>/): the stores, transactions, and what runs beside them. */
export interface Engine extends UnitOfWork<Stores> {
  readonly kind: 'sqlite' | 'postgres';
  /** Where the store is, for messages (a file, or a URL without its password). */
  readonly location: string;
  /**
   * Work the engine does in the background of a long-running service (SQLite: indexing new shipments, the daily
   * backups, copying its log back when the service pauses; once per store, the totals of its broad search words).
   * `lastBegan`: when the service last began a client's operation (wall ms), for the work that waits for a pause;
   * `notice` says what took long.
   */
  background(onError: (err: unknown) => void, lastBegan: () => number, notice: (msg: string) => void): { stop(): void };
  /** A consistent copy of the store in `file`; resolves to the pages copied. */
  backup(file: string): Promise<number>;
  /** Waits for the transactions under way, then closes. */
  close(): Promise<void>;
}

/**
 * From how many matches a search's total (one word or several) is kept rather than counted (both engines): counting
 * that many costs SQLite well under a millisecond; the searches above it (a city, a surname, a zip's first digits,
 * `ord` of every ref) cost up to 80 ms there, and PostgreSQL, which reads each match's row to count it, 0.5–1.3 s.
 * `STATION_SEARCH_KEPT_FROM` sets another (the tests keep searches of a few matches).
 */
export function searchKeptFrom(env: Record<string, string | undefined>): number {
  const n = Number(env.STATION_SEARCH_KEPT_FROM);
  return Number.isInteger(n) && n > 0 ? n : 2_000;
}
