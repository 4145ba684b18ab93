import { createAuthService } from './auth/service.js';
import type { Clock } from './clock.js';
import { createLabelFeature } from './labels/compose.js';
import { createImportService } from './imports/service.js';
import { createMappingStore } from './imports/store.js';
import { createOfficeDirectory } from './offices/directory.js';
import { retryPolicyFromEnv } from './printing/queue.js';
import { createPrintingService } from './printing/service.js';
import { printerPlaces } from './printing/places.js';
import { createPresetService } from './presets/service.js';
import { createQuoteService } from './quote/service.js';
import { resourcePath } from './resources.js';
import { createScaleService } from './scale/service.js';
import { createScanResolver } from './scan/resolve.js';
import { createSenderService } from './senders/service.js';
import { createSettings } from './settings.js';
import { createShipmentService } from './shipments/service.js';
import { createShipmentStore } from './shipments/store.js';
import type { Db } from './store/db.js';
import { createGroupCommit } from './store/group-commit.js';
import { createTracking } from './tracking/service.js';

export interface ServiceOptions {
  db: Db;
  clock: Clock;
  /** Where generated files (labels, keys) live; the database's folder. */
  dataDir: string;
  env?: Record<string, string | undefined>;
}

/** The composition root of the domain: every service built once, from the same db and clock. */
export function createServices({ db, clock, dataDir, env = process.env }: ServiceOptions) {
  const quotes = createQuoteService(db, clock);
  const settings = createSettings(db, env, () => quotes.active().card.file.origin.country);
  const shipmentStore = createShipmentStore(db);
  const tracking = createTracking(db, clock, shipmentStore);
  quotes.loadDefaultIfEmpty(resourcePath('ratecard.json'));
  const offices = createOfficeDirectory(db, clock, () => quotes.active().card.file.zip_key);
  offices.loadDefaultIfEmpty(resourcePath('offices.json'));
  const shipments = createShipmentService({
    db,
    commits: createGroupCommit(db),
    clock,
    store: shipmentStore,
    tracking,
    offices,
    timeZone: settings.timeZone,
  });
  const labelFeature = createLabelFeature({
    db,
    clock,
    dataDir,
    shipments,
    tracking,
    offices,
    timeZone: settings.timeZone,
    language: settings.language,
  });
  const senders = createSenderService(db, clock, () => quotes.active().card.file.origin);
  const presets = createPresetService(db, clock);
  return {
    db,
    clock,
    dataDir,
    settings,
    auth: createAuthService(db, clock),
    shipments,
    /** The search index of shipments, written behind their creation (core/shipments/search.ts). */
    searchIndex: { inBackground: shipmentStore.indexInBackground },
    offices,
    quotes,
    keys: labelFeature.keys,
    qr: labelFeature.qr,
    labels: labelFeature.labels,
    /** The worker threads that draw labels and manifests; closed with the core. */
    render: labelFeature.render,
    manifests: labelFeature.manifests,
    senders,
    presets,
    scale: createScaleService(db),
    imports: createImportService({
      clock,
      mappings: createMappingStore(db),
      shipments,
      defaultSender: (accountId) => {
        const { contact, address } = senders.list(accountId)[0]!;
        return { contact, address };
      },
      presets: (accountId) => presets.list(accountId),
    }),
    scan: createScanResolver(shipments, labelFeature.qr),
    printing: createPrintingService({
      db,
      clock,
      labels: labelFeature.labels,
      retry: retryPolicyFromEnv(env),
      places: printerPlaces(dataDir, env),
      language: settings.language,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
