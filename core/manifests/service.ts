import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import type { Clock } from '../clock.js';
import { DomainError, fieldError, notFound } from '../errors.js';
import { downloadUrl, type Downloads } from '../downloads/downloads.js';
import type { ShipmentRecord } from '../shipments/record.js';
import type { ShipmentService } from '../shipments/service.js';
import { inTransaction, type Db } from '../store/db.js';
import type { Tracking } from '../tracking/service.js';
import type { PrintLanguage } from '../drawing/words.js';
import type { ManifestHeader, ManifestLine } from './layout.js';
import { createManifestStore, type ManifestRow } from './store.js';

export interface ManifestView {
  id: number;
  created_at: string;
  shipments: number;
  pieces: number;
  weight: number;
  codes: string[];
  url: string;
}

export interface ManifestDeps {
  db: Db;
  clock: Clock;
  /** What manifests need of the shipment service. */
  shipments: Pick<ShipmentService, 'recordByCode' | 'byId'>;
  tracking: Tracking;
  downloads: Downloads;
  timeZone: () => string;
  /** The language of the printed captions (the station's setting). */
  language: () => PrintLanguage;
  /** Draws the manifest's PDF into `file` off the service's thread (the labels' render pool); answers its size. */
  drawPdf: (task: { header: ManifestHeader; lines: ManifestLine[]; file: string }) => Promise<number>;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * End-of-day manifests: the driver's receipt for the parcels handed over at collection. Creating one moves every
 * listed shipment TO_COLLECT → COLLECTED in one transaction; a shipment in any other state refuses the whole
 * manifest. Each listed code is one parcel (`pieces`); `shipments` counts distinct shipments, a package
 * counting under its parent.
 */
export function createManifestService({
  db,
  clock,
  shipments,
  tracking,
  downloads,
  timeZone,
  language,
  drawPdf,
}: ManifestDeps) {
  const store = createManifestStore(db);
  const fileOf = (id: number) => join('manifests', `${id}.pdf`);

  function byCode(accountId: number, code: string, i: number): ShipmentRecord {
    const row = shipments.recordByCode(accountId, code);
    if (!row) throw new DomainError('not_found', `shipment ${code} not found`, { extra: { shipment: code } });
    if (row.status !== 'TO_COLLECT')
      throw new DomainError(
        'invalid_state',
        `shipment ${row.code} is ${row.status}; only TO_COLLECT shipments can be collected`,
        {
          extra: { shipment: row.code, index: i },
        },
      );
    return row;
  }

  /** The PDF is drawn from stored data, so a manifest whose file is missing (e.g. a crash after commit) draws it again. */
  async function ensurePdf(m: ManifestRow): Promise<void> {
    if (existsSync(join(downloads.dataDir, fileOf(m.id)))) return;
    const rows = store.shipmentIds(m.id).map((id) => shipments.byId(m.account_id, id)!);
    const lines: ManifestLine[] = rows.map((r) => {
      const dest = r.destination;
      return {
        code: r.code,
        receiver: dest.contact.name,
        city: `${dest.address.zip} ${dest.address.city}`,
        weightKg: r.dimensions.weight,
        piece:
          r.parent_id !== null && r.number !== null
            ? `${r.number}/${shipments.byId(m.account_id, r.parent_id)?.packages ?? r.number}`
            : '1',
      };
    });
    // In the station's time zone, named, and as the language writes dates (Spanish: dd/mm/yyyy).
    const zone = timeZone();
    const at = DateTime.fromMillis(m.created_at, { zone });
    const createdAt = `${at.toFormat(language() === 'es' ? 'dd/MM/yyyy HH:mm' : 'yyyy-MM-dd HH:mm')} (${zone})`;
    await drawPdf({
      header: {
        id: m.id,
        createdAt,
        shipments: m.shipments,
        pieces: m.pieces,
        weightKg: m.weight,
        language: language(),
      },
      lines,
      file: downloads.prepareFile(fileOf(m.id)),
    });
  }

  async function view(m: ManifestRow, baseUrl: string | null): Promise<ManifestView> {
    await ensurePdf(m);
    const codes = store.shipmentIds(m.id).map((id) => shipments.byId(m.account_id, id)!.code);
    const secret = downloads.link({
      accountId: m.account_id,
      kind: 'manifest',
      codes,
      format: 'A4',
      file: fileOf(m.id),
    });
    return {
      id: m.id,
      created_at: new Date(m.created_at).toISOString(),
      shipments: m.shipments,
      pieces: m.pieces,
      weight: m.weight,
      codes,
      url: downloadUrl(baseUrl, secret),
    };
  }

  return {
    async create(accountId: number, codes: string[], baseUrl: string | null): Promise<ManifestView> {
      const seen = new Map<string, number>();
      codes.forEach((c, i) => {
        const key = c.toUpperCase();
        if (seen.has(key))
          throw fieldError(`/codes/${i}`, 'duplicate', `repeats ${c} (listed at ${seen.get(key)})`, {
            first: seen.get(key)!,
          });
        seen.set(key, i);
      });
      const manifest = inTransaction(db, () => {
        const rows = codes.map((c, i) => byCode(accountId, c, i));
        const m: Omit<ManifestRow, 'id'> = {
          account_id: accountId,
          created_at: clock.now().getTime(),
          shipments: new Set(rows.map((r) => r.parent_id ?? r.id)).size,
          pieces: rows.length,
          weight: round3(rows.reduce((a, r) => a + r.dimensions.weight, 0)),
        };
        const id = store.insert(
          m,
          rows.map((r) => r.id),
        );
        for (const r of rows) tracking.move(r, { status: 'COLLECTED' });
        return { id, ...m };
      });
      return view(manifest, baseUrl);
    },

    async get(accountId: number, id: number, baseUrl: string | null): Promise<ManifestView> {
      const m = store.byId(accountId, id);
      if (!m) throw notFound(`manifest ${id}`);
      return view(m, baseUrl);
    },
  };
}

export type ManifestService = ReturnType<typeof createManifestService>;
