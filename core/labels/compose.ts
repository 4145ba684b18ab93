import type { Clock } from '../clock.js';
import type { PrintLanguage } from '../drawing/words.js';
import { createManifestService } from '../manifests/service.js';
import type { OfficeDirectory } from '../offices/directory.js';
import { createKeyStore, keysDir } from '../qr/keys.js';
import { createQrTokens } from '../qr/tokens.js';
import type { ShipmentService } from '../shipments/service.js';
import { inTransaction, type Db } from '../store/db.js';
import type { Tracking } from '../tracking/service.js';
import { createDownloads } from '../downloads/downloads.js';
import { createRenderPool } from './render-pool.js';
import { createLabelService } from './service.js';
import { createLabelTokenStore } from './store.js';

export interface LabelFeatureDeps {
  db: Db;
  clock: Clock;
  dataDir: string;
  shipments: ShipmentService;
  tracking: Tracking;
  offices: Pick<OfficeDirectory, 'byId'>;
  timeZone: () => string;
  /** The language labels and manifests are printed in. */
  language: () => PrintLanguage;
}

/**
 * The services of labels, QR tokens and manifests, built together because they share the download store and
 * the signing keys. The signing key is made here at first start when the data directory has none.
 */
export function createLabelFeature(d: LabelFeatureDeps) {
  const keys = createKeyStore(keysDir(d.dataDir), d.clock);
  // Inside a write transaction of the store, which serves as the lock between processes: two commands opening a
  // new data folder at the same moment make one key, not two.
  inTransaction(d.db, () => keys.ensureActive());
  const qr = createQrTokens(keys, d.clock);
  const downloads = createDownloads(d.db, d.clock, d.dataDir);
  const render = createRenderPool();
  return {
    keys,
    qr,
    render,
    labels: createLabelService({
      db: d.db,
      render,
      shipments: d.shipments,
      offices: d.offices,
      qr,
      tokens: createLabelTokenStore(d.db),
      downloads,
      language: d.language,
    }),
    manifests: createManifestService({
      db: d.db,
      clock: d.clock,
      shipments: d.shipments,
      tracking: d.tracking,
      downloads,
      timeZone: d.timeZone,
      language: d.language,
      drawPdf: render.manifest,
    }),
  };
}
