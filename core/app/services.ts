import { createAuthService } from '../features/auth/service.js';
import type { Clock } from '../platform/clock.js';
import { createDownloads } from '../platform/downloads/downloads.js';
import type { Engine } from '../engines/engine.js';
import { createImportService } from '../features/imports/service.js';
import { createRenderPool } from '../features/labels/render-pool.js';
import { createLabelService } from '../features/labels/service.js';
import { createManifestService } from '../features/manifests/service.js';
import { createOfficeDirectory } from '../features/offices/directory.js';
import { noticingOutbox } from '../platform/outbox/noticing.js';
import { printerPlaces } from '../features/printing/places.js';
import { retryPolicyFromEnv } from '../features/printing/queue.js';
import { createPrintingService } from '../features/printing/service.js';
import { createPresetService } from '../features/presets/service.js';
import { createKeyStore } from '../features/qr/keys.js';
import { createQrTokens } from '../features/qr/tokens.js';
import { createQuoteService } from '../features/quote/service.js';
import { resourcePath } from '../platform/resources.js';
import type { RequestActivity } from '../platform/request-activity.js';
import { createScaleService } from '../features/scale/service.js';
import { createScanResolver } from '../features/scan/resolve.js';
import { createSenderService } from '../features/senders/service.js';
import { createShipmentService } from '../features/shipments/service.js';
import { createDeskAccount } from '../features/station/desk-account.js';
import { createSettings } from '../features/station/settings.js';
import { createTracking } from '../features/tracking/service.js';
import { hostPolicyFromEnv } from '../features/webhooks/guard.js';
import {
  pollFromEnv,
  quietFromEnv,
  retentionFromEnv,
  retryScheduleFromEnv,
  timeoutFromEnv,
} from '../features/webhooks/schedule.js';
import { createThreadSender } from '../features/webhooks/send.js';
import { createWebhookService } from '../features/webhooks/service.js';
import { createDeliveryWorker } from '../features/webhooks/worker.js';

export interface ServiceOptions {
  engine: Engine;
  clock: Clock;
  /** Where generated files (label documents, manifests, signing keys) live. */
  dataDir: string;
  env?: Record<string, string | undefined>;
  /** Told of failures in the background: the print queue's worker, the webhooks' delivery worker. */
  onError?: (err: unknown, where: 'print queue' | 'webhooks') => void;
  /** The station's site (`station serve --site`): the printers whose jobs it prints. */
  site?: string;
  /** When clients' operations began: the delivery worker yields to them (webhooks/worker.ts). */
  activity?: RequestActivity;
}

/**
 * The composition root of the domain: every service built once, over the engine's stores and the same clock.
 * Services see only their features' store interfaces; which engine is behind them is decided by the caller.
 */
export async function createServices({
  engine,
  clock,
  dataDir,
  env = process.env,
  onError,
  site = DEFAULT_SITE,
  activity,
}: ServiceOptions) {
  // The features that announce their changes write through `db`: its commits that wrote a message tell the delivery
  // worker (made below, once the features are) at once.
  let noticed = () => {};
  const db = noticingOutbox(engine, () => noticed());
  const quotes = createQuoteService(engine, clock);
  const settings = createSettings(engine, env, async () => (await quotes.active()).card.file.origin.country);
  const timeZone = settings.timeZone;
  const language = settings.language;
  const tracking = createTracking(clock, engine.stores.events);
  await quotes.loadDefaultIfEmpty(resourcePath('ratecard.json'));
  const offices = createOfficeDirectory(engine, clock, async () => (await quotes.active()).card.file.zip_key);
  await offices.loadDefaultIfEmpty(resourcePath('offices.json'));
  const shipments = createShipmentService({ db, clock, tracking, offices, timeZone });
  // Labels, QR tokens and manifests share the signing keys and the downloads; the signing key is made at first start.
  const keys = createKeyStore(engine.stores.signingKeys, clock);
  // In a write transaction, which is the lock between processes: two commands opening a new data folder (or two
  // stations starting on a new database) at the same moment make one key, not two.
  await engine.transaction((tx) => createKeyStore(tx.signingKeys, clock).ensureActive());
  const qr = createQrTokens(keys, clock);
  const downloads = createDownloads(engine, clock, dataDir);
  // Labels and manifests are drawn in worker threads (render-pool.ts).
  const render = createRenderPool();
  const labels = createLabelService({ db, clock, render, offices, qr, downloads, language });
  const senders = createSenderService(engine, clock, async () => (await quotes.active()).card.file.origin);
  const presets = createPresetService(engine, clock);
  // Webhooks: the outbox is written by the features above in their own transactions; the worker sends it.
  const hostPolicy = hostPolicyFromEnv(env);
  const timeoutMs = timeoutFromEnv(env);
  const pollMs = pollFromEnv(env);
  const quietMs = quietFromEnv(env);
  const deliveries = createDeliveryWorker({
    db: engine,
    sender: createThreadSender(hostPolicy, timeoutMs),
    schedule: retryScheduleFromEnv(env),
    timeoutMs,
    retentionMs: retentionFromEnv(env),
    ...(pollMs ? { pollMs } : {}),
    ...(quietMs ? { quietMs } : {}),
    ...(onError ? { onError: (err: unknown) => onError(err, 'webhooks') } : {}),
    ...(activity ? { lastRequestAt: () => activity.lastBegan() } : {}),
  });
  noticed = deliveries.notice;
  const auth = createAuthService(engine, clock);
  return {
    clock,
    dataDir,
    settings,
    auth,
    desk: createDeskAccount(engine, auth),
    shipments,
    offices,
    quotes,
    keys,
    qr,
    labels,
    /** The worker threads that draw labels and manifests; closed with the core. */
    render,
    manifests: createManifestService({
      db,
      clock,
      tracking,
      downloads,
      timeZone,
      language,
      drawPdf: render.manifest,
    }),
    senders,
    presets,
    scale: createScaleService(engine),
    imports: createImportService({
      db,
      clock,
      shipments,
      async defaultSender(accountId) {
        const { contact, address } = (await senders.list(accountId))[0]!;
        return { contact, address };
      },
      presets: (accountId) => presets.list(accountId),
    }),
    scan: createScanResolver(shipments, qr),
    webhooks: createWebhookService({ db: engine, clock, policy: hostPolicy, wake: deliveries.wake }),
    /** The webhook delivery worker; the long-running service starts it. */
    deliveries,
    printing: createPrintingService({
      db,
      clock,
      labels,
      retry: retryPolicyFromEnv(env),
      places: printerPlaces(dataDir, env),
      site,
      ...(onError ? { onError: (err: unknown) => onError(err, 'print queue') } : {}),
    }),
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;

/** The site of a station that names none, and of the printers configured before sites. */
export const DEFAULT_SITE = 'main';
