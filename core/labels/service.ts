import { fieldError, invalidState, rangeError } from '../errors.js';
import type { OfficeDirectory } from '../offices/directory.js';
import type { QrTokens } from '../qr/tokens.js';
import type { ShipmentRecord } from '../shipments/record.js';
import type { ShipmentService } from '../shipments/service.js';
import { inTransaction, type Db } from '../store/db.js';
import { isLabellable } from '../tracking/transitions.js';
import { labelData } from './data.js';
import { downloadUrl, type Downloads } from '../downloads/downloads.js';
import type { LabelData } from './layout.js';
import type { PrintLanguage } from '../drawing/words.js';
import type { MonoRaster } from '../drawing/raster-types.js';
import type { RenderPool } from './render-pool.js';
import type { PdfTask } from './render-worker.js';
import type { LabelFormat } from '../schemas/codes.js';
import { MAX_LABEL_CODES, TILES_PER_A4 } from './formats.js';
import type { LabelTokenStore } from './store.js';

export interface PdfOptions {
  format: LabelFormat;
  /** PDF_A4 only: the first tile (1..8) to use on the first sheet. */
  start?: number | undefined;
  /** With each parent shipment, its packages (after it, by number): one document with every piece. */
  packages?: boolean | undefined;
}

export interface LabelServiceDeps {
  db: Db;
  /** Where the drawing happens: worker threads (render-pool.ts). */
  render: RenderPool;
  /** What labels need of the shipment service. */
  shipments: Pick<ShipmentService, 'byCode' | 'byId' | 'packagesOf' | 'markLabelled' | 'accountOfCode'>;
  offices: Pick<OfficeDirectory, 'byId'>;
  qr: QrTokens;
  tokens: LabelTokenStore;
  downloads: Downloads;
  /** The language of the printed captions (the station's setting). */
  language: () => PrintLanguage;
}

/**
 * Labels: one layout (layout.ts) rendered as PDF (A7 pages or A4 sheets) or as a 1-bit raster for thermal
 * printers. Rendering a label of a shipment sets its labelled_at; a canceled shipment has no label.
 */
export function createLabelService({
  db,
  render,
  shipments,
  offices,
  qr,
  tokens,
  downloads,
  language,
}: LabelServiceDeps) {
  function labellable(row: ShipmentRecord): ShipmentRecord {
    if (!isLabellable(row.status))
      throw invalidState(`shipment ${row.code} is CANCELED; a canceled shipment has no label`);
    return row;
  }

  /** The shipments of a document, in order; with `packages`, each parent followed by its live packages. */
  function pieces(accountId: number, codes: string[], withPackages: boolean): ShipmentRecord[] {
    const out: ShipmentRecord[] = [];
    for (const code of codes) {
      const row = labellable(shipments.byCode(accountId, code));
      out.push(row);
      if (withPackages && row.packages > 0)
        out.push(...shipments.packagesOf(row.id).filter((c) => isLabellable(c.status)));
    }
    return out;
  }

  /**
   * The QR token of each row, the one every copy of its label carries (contract: fixed when its first label is made,
   * `iat` that moment): the token fixed for the shipment, or, the first time or once the key that signed it has been
   * retired, one signed now and fixed. Tokens are fixed in one transaction for the whole document.
   */
  async function tokensOf(accountId: number, rows: ShipmentRecord[]): Promise<string[]> {
    const fixed = new Map<number, string | undefined>();
    const stale: ShipmentRecord[] = [];
    for (const r of rows) {
      if (fixed.has(r.id)) continue;
      const token = tokens.token(r.id);
      fixed.set(r.id, token);
      if (token === undefined || !qr.isLive(token)) stale.push(r);
    }
    if (stale.length) {
      const signed = await Promise.all(stale.map((r) => qr.sign(r.code, accountId)));
      inTransaction(db, () =>
        stale.forEach((r, i) => {
          tokens.fix(r.id, signed[i]!, fixed.get(r.id) ?? null);
          fixed.set(r.id, tokens.token(r.id));
        }),
      );
    }
    return rows.map((r) => fixed.get(r.id)!);
  }

  async function dataOf(accountId: number, rows: ShipmentRecord[]): Promise<LabelData[]> {
    const parents = new Map<number, number>();
    const packagesOf = (parentId: number) => {
      let n = parents.get(parentId);
      if (n === undefined) parents.set(parentId, (n = shipments.byId(accountId, parentId)?.packages ?? 0));
      return n;
    };
    const qrs = await tokensOf(accountId, rows);
    const lang = language();
    return rows.map((row, i) => {
      const office = row.method === 'PICKUP' && row.office_id !== null ? offices.byId(row.office_id) : undefined;
      return labelData(row, {
        qr: qrs[i]!,
        office: office ? { code: office.code, name: office.name } : null,
        packagesOfParent: row.parent_id === null ? null : packagesOf(row.parent_id),
        language: lang,
      });
    });
  }

  /**
   * Records that the shipments were labelled, in one transaction with `andThen` (e.g. the download link). Each
   * row is read again inside it: a shipment canceled while its PDF was drawn gets no label after all.
   */
  function markLabelled<T>(accountId: number, rows: ShipmentRecord[], andThen: () => T): T {
    return inTransaction(db, () => {
      for (const r of rows) shipments.markLabelled(labellable(shipments.byId(accountId, r.id)!));
      return andThen();
    });
  }

  async function rasterOf(accountId: number, row: ShipmentRecord, dpi: 203 | 300): Promise<MonoRaster> {
    const [label] = await dataOf(accountId, [row]);
    return render.raster({ label: label!, dpi });
  }

  /** The document's pieces and what each label prints, checked; the drawing is the caller's (`render.pdf`). */
  async function documentTask(
    accountId: number,
    codes: string[],
    opts: PdfOptions,
    known?: ShipmentRecord[],
  ): Promise<{ rows: ShipmentRecord[]; task: PdfTask }> {
    if (codes.length === 0) throw fieldError('/code', 'min_items', 'must name at least one shipment', { limit: 1 });
    if (codes.length > MAX_LABEL_CODES)
      throw fieldError('/code', 'max_items', `must list at most ${MAX_LABEL_CODES} codes`, { limit: MAX_LABEL_CODES });
    if (opts.start !== undefined) {
      if (opts.format !== 'PDF_A4')
        throw fieldError('/start', 'not_allowed', 'is accepted with printer PDF_A4 only', {
          only_with: 'printer=PDF_A4',
        });
      if (!Number.isInteger(opts.start) || opts.start < 1 || opts.start > TILES_PER_A4)
        throw rangeError('/start', `must be a whole number from 1 to ${TILES_PER_A4}`, opts.start, {
          min: 1,
          max: TILES_PER_A4,
          integer: true,
        });
    }
    const rows = known ?? pieces(accountId, codes, opts.packages ?? false);
    const labels = await dataOf(accountId, rows);
    const title = rows.length === 1 ? `Label ${rows[0]!.code}` : `Labels (${rows.length})`;
    return { rows, task: { labels, format: opts.format, start: opts.start ?? 1, title } };
  }

  return {
    /** The shipment of the account a label can be made for: found by code, not canceled. */
    labellable: (accountId: number, code: string) => labellable(shipments.byCode(accountId, code)),
    pieces,

    /** The PDF of `codes` (in order). Sets labelled_at. */
    async renderPdf(accountId: number, codes: string[], opts: PdfOptions): Promise<Uint8Array> {
      const { rows, task } = await documentTask(accountId, codes, opts);
      const pdf = await render.pdf(task);
      markLabelled(accountId, rows, () => undefined);
      return pdf;
    },

    /** The A7 label of `code` as a 1-bit image at `dpi`, for thermal printers. Sets labelled_at. */
    async renderRaster(accountId: number, code: string, dpi: 203 | 300): Promise<MonoRaster> {
      const row = labellable(shipments.byCode(accountId, code));
      const raster = await rasterOf(accountId, row, dpi);
      markLabelled(accountId, [row], () => undefined);
      return raster;
    },

    /** The same image, to look at: a preview is not a label, so labelled_at stays as it is. */
    preview: async (accountId: number, code: string, dpi: 203 | 300): Promise<MonoRaster> =>
      rasterOf(accountId, labellable(shipments.byCode(accountId, code)), dpi),

    /** `GET /labels`: renders the document, stores it and returns its token-free download url (24 hours). */
    async issue(
      accountId: number,
      codes: string[],
      opts: PdfOptions,
      baseUrl: string | null,
    ): Promise<{ url: string }> {
      downloads.sweep();
      // The same pieces in the same layout: the document made for it before, while its link lives (bounded files).
      const same = pieces(accountId, codes, opts.packages ?? false);
      const docKey = JSON.stringify([opts.format, opts.start ?? 1, language(), same.map((r) => [r.code, r.packages])]);
      const reused = downloads.reuse(accountId, docKey);
      if (reused) return { url: downloadUrl(baseUrl, reused) };
      const { rows, task } = await documentTask(accountId, codes, opts, same);
      const file = downloads.newLabelFile();
      // Drawn and written by the worker: the document never passes through this thread.
      const bytes = await render.pdfFile({ ...task, file: downloads.prepareFile(file) });
      try {
        const secret = markLabelled(accountId, rows, () =>
          downloads.link({
            accountId,
            kind: 'label',
            codes: rows.map((r) => r.code),
            format: opts.format,
            file,
            docKey,
            bytes,
          }),
        );
        return { url: downloadUrl(baseUrl, secret) };
      } catch (e) {
        downloads.removeFile(file);
        throw e;
      }
    },

    /** `GET /labels/qr`: the signed token the shipment's label carries (fixed now if no label was made yet). */
    async qrToken(accountId: number, code: string): Promise<string> {
      const [token] = await tokensOf(accountId, [labellable(shipments.byCode(accountId, code))]);
      return token!;
    },

    /** The account a shipment code belongs to, for the one-off `station print` that runs without a token. */
    accountOfCode: (code: string) => shipments.accountOfCode(code),

    /** Starts a drawing worker and loads what a label needs (the long-running service does, at start). */
    warm: () => render.warm(),

    /** The file behind a download secret (404 when unknown or expired). */
    openDownload: (secret: string) => downloads.open(secret),
  };
}

export type LabelService = ReturnType<typeof createLabelService>;
