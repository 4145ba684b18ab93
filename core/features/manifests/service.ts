import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import type { Clock } from '../../platform/clock.js';
import { DomainError, fieldError, notFound } from '../../shared/errors.js';
import { downloadUrl, type Downloads } from '../../platform/downloads/downloads.js';
import type { DownloadStore } from '../../platform/downloads/store.js';
import type { ShipmentRecord } from '../shipments/record.js';
import type { ShipmentStore } from '../shipments/store.js';
import { announceMove } from '../shipments/service.js';
import { announce, type OutboxTx } from '../../platform/outbox/announce.js';
import type { Tracking } from '../tracking/service.js';
import type { PrintLanguage } from '../../platform/drawing/words.js';
import type { EventStore } from '../tracking/store.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import type { ManifestHeader, ManifestLine } from './layout.js';
import type { ManifestRecord, ManifestStore } from './store.js';

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
  db: UnitOfWork<
    {
      manifests: ManifestStore;
      shipments: ShipmentStore;
      events: EventStore;
      downloads: DownloadStore;
    } & OutboxTx
  >;
  clock: Clock;
  tracking: Tracking;
  downloads: Downloads;
  timeZone: () => Promise<string>;
  /** The language of the printed captions (the station's setting). */
  language: () => Promise<PrintLanguage>;
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
export function createManifestService({ db, clock, tracking, downloads, timeZone, language, drawPdf }: ManifestDeps) {
  const { manifests, shipments } = db.stores;
  const fileOf = (id: number) => join('manifests', `${id}.pdf`);

  /** A parcel's weight as the manifest sums it: one never weighed (an order imported without one) is not collected. */
  function weightOf(row: ShipmentRecord, i?: number): number {
    if (row.dimensions.weight === null)
      throw new DomainError(
        'invalid_state',
        `shipment ${row.code} has no weight yet (its order gave none): weigh it and print its label first`,
        { extra: { shipment: row.code, ...(i !== undefined ? { index: i } : {}) } },
      );
    return row.dimensions.weight;
  }

  async function collectable(store: ShipmentStore, accountId: number, code: string, i: number) {
    const row = await store.byCode(accountId, code.toUpperCase());
    if (!row) throw new DomainError('not_found', `shipment ${code} not found`, { extra: { shipment: code } });
    if (row.status !== 'TO_COLLECT')
      throw new DomainError(
        'invalid_state',
        `shipment ${row.code} is ${row.status}; only TO_COLLECT shipments can be collected`,
        { extra: { shipment: row.code, index: i } },
      );
    weightOf(row, i);
    return row;
  }

  const rowsOf = async (m: ManifestRecord): Promise<ShipmentRecord[]> =>
    Promise.all((await manifests.shipmentIds(m.id)).map(async (id) => (await shipments.byId(m.account_id, id))!));

  /** The PDF is drawn from stored data, so a manifest whose file is missing (e.g. a crash after commit) draws it again. */
  async function ensurePdf(m: ManifestRecord, rows: ShipmentRecord[]): Promise<void> {
    if (existsSync(join(downloads.dataDir, fileOf(m.id)))) return;
    const lines: ManifestLine[] = [];
    for (const r of rows) {
      const dest = r.destination;
      lines.push({
        code: r.code,
        receiver: dest.contact.name,
        city: `${dest.address.zip} ${dest.address.city}`,
        weightKg: weightOf(r),
        piece:
          r.parent_id !== null && r.number !== null
            ? `${r.number}/${(await shipments.byId(m.account_id, r.parent_id))?.packages ?? r.number}`
            : '1',
      });
    }
    // In the station's time zone, named, and as the language writes dates (Spanish: dd/mm/yyyy).
    const zone = await timeZone();
    const lang = await language();
    const at = DateTime.fromMillis(m.created_at, { zone });
    const createdAt = `${at.toFormat(lang === 'es' ? 'dd/MM/yyyy HH:mm' : 'yyyy-MM-dd HH:mm')} (${zone})`;
    await drawPdf({
      header: {
        id: m.id,
        createdAt,
        shipments: m.shipments,
        pieces: m.pieces,
        weightKg: m.weight,
        language: lang,
      },
      lines,
      file: downloads.prepareFile(fileOf(m.id)),
    });
  }

  async function view(m: ManifestRecord, baseUrl: string | null): Promise<ManifestView> {
    const rows = await rowsOf(m);
    await ensurePdf(m, rows);
    const codes = rows.map((r) => r.code);
    const secret = await db.transaction((tx) =>
      downloads.link(tx, { accountId: m.account_id, kind: 'manifest', codes, format: 'A4', file: fileOf(m.id) }),
    );
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
      const manifest = await db.transaction(async (tx) => {
        const rows: ShipmentRecord[] = [];
        for (const [i, c] of codes.entries()) rows.push(await collectable(tx.shipments, accountId, c, i));
        const m: Omit<ManifestRecord, 'id'> = {
          account_id: accountId,
          created_at: clock.now().getTime(),
          shipments: new Set(rows.map((r) => r.parent_id ?? r.id)).size,
          pieces: rows.length,
          weight: round3(rows.reduce((a, r) => a + weightOf(r), 0)),
        };
        const id = await tx.manifests.insert(
          m,
          rows.map((r) => r.id),
        );
        for (const r of rows) await announceMove(tx, accountId, await tracking.move(tx, r, { status: 'COLLECTED' }));
        // The manifest as GET /manifests/{id} answers it, less its download link (made for whoever asks).
        await announce(
          tx,
          accountId,
          'manifest.created',
          () => ({
            id,
            created_at: new Date(m.created_at).toISOString(),
            shipments: m.shipments,
            pieces: m.pieces,
            weight: m.weight,
            codes: rows.map((r) => r.code),
          }),
          m.created_at,
        );
        return { id, ...m };
      });
      return view(manifest, baseUrl);
    },

    async get(accountId: number, id: number, baseUrl: string | null): Promise<ManifestView> {
      const m = await manifests.byId(accountId, id);
      if (!m) throw notFound(`manifest ${id}`);
      return view(m, baseUrl);
    },
  };
}

export type ManifestService = ReturnType<typeof createManifestService>;
