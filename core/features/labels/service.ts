import type { Clock } from '../../platform/clock.js';
import { DomainError, invalidState } from '../../shared/errors.js';
import type { OfficeT } from '../offices/schemas.js';
import type { QrTokens } from '../qr/tokens.js';
import type { Dpi, LabelFormat } from '../../shared/schemas/codes.js';
import { shipmentLookups } from '../shipments/lookup.js';
import { readView } from '../shipments/service.js';
import { announce, type OutboxTx } from '../../platform/outbox/announce.js';
import type { ShipmentRecord } from '../shipments/record.js';
import type { ShipmentStore } from '../shipments/store.js';
import type { TransactionOptions, UnitOfWork } from '../../platform/unit-of-work.js';
import { isLabellable } from '../../shared/transitions.js';
import { labelData } from './data.js';
import { downloadUrl, type Downloads } from '../../platform/downloads/downloads.js';
import type { DownloadStore } from '../../platform/downloads/store.js';
import type { LabelData } from './layout.js';
import type { PrintLanguage } from '../../platform/drawing/words.js';
import type { MonoRaster } from '../../platform/drawing/raster-types.js';
import type { RenderLane, RenderPool } from './render-pool.js';
import { rasterMemo } from './raster-memo.js';
import type { PdfTask } from './render-worker.js';
import { checkLabelCount, startTile } from './formats.js';
import type { LabelTokenStore } from './store.js';

export interface PdfOptions extends LabelDrawing {
  format: LabelFormat;
  /** PDF_A4 only: the first tile (1..8) to use on the first sheet. */
  start?: number | undefined;
  /** With each parent shipment, its packages (after it, by number): one document with every piece. */
  packages?: boolean | undefined;
}

type Durable = TransactionOptions['durable'];

/** Labels drawn for a printer: where they are drawn, and how what they fix in the store is committed. */
export interface LabelDrawing {
  /** `desk` for the one label an operator waits for (render-pool.ts); `bulk` by default. */
  lane?: RenderLane | undefined;
  /**
   * `with_next` for the print queue: its token and labelled_at need not wait for the disk, because the job's commit
   * that marks the label on its way, before its first byte leaves, waits for it (unit-of-work.ts). Default `now`.
   */
  durable?: Durable | undefined;
}

export interface LabelStores extends OutboxTx {
  shipments: ShipmentStore;
  downloads: DownloadStore;
  labelTokens: LabelTokenStore;
}

export interface LabelServiceDeps {
  db: UnitOfWork<LabelStores>;
  clock: Clock;
  /** Where the drawing happens: worker threads (render-pool.ts). */
  render: RenderPool;
  offices: { byId(id: number): Promise<OfficeT | undefined> };
  qr: QrTokens;
  downloads: Downloads;
  /** The language of the printed captions (the station's setting). */
  language: () => Promise<PrintLanguage>;
}

/**
 * Labels: one layout (layout.ts) rendered as PDF (A7 pages or A4 sheets) or as a 1-bit raster for thermal
 * printers. Rendering a label of a shipment sets its labelled_at; a canceled shipment has no label.
 */
/** The labels of an account's shipments: drawn as PDFs, rasters or data, issued as downloads, and their QR tokens. */
export interface LabelService {
  /** The shipment of the account a label can be made for: found by code, not canceled. */
  labellable(accountId: number, code: string): Promise<ShipmentRecord>;
  pieces(accountId: number, codes: string[], withPackages: boolean): Promise<ShipmentRecord[]>;
  /** The PDF of `codes` (in order). Sets labelled_at. */
  renderPdf(accountId: number, codes: string[], opts: PdfOptions): Promise<Uint8Array>;
  /** The A7 label of `code` as a 1-bit image at `dpi`, for thermal printers. Sets labelled_at. */
  renderRaster(accountId: number, code: string, dpi: Dpi, how?: LabelDrawing): Promise<MonoRaster>;
  /**
   * What the label of `code` prints, for a printer that draws it with its own font and symbols (ESC/POS native
   * mode): the same data the drawn label shows. Sets labelled_at.
   */
  renderData(accountId: number, code: string, how?: LabelDrawing): Promise<LabelData>;
  /**
   * The raster of a one-label print job drawn as it is queued (printing/jobs.ts, DrawAhead), kept for the worker's
   * `renderRaster` (raster-memo.ts). Its token, if it fixes one, need not wait for the disk: the commit that marks
   * the label on its way waits for it before the first byte leaves (unit-of-work.ts).
   */
  drawAhead(accountId: number, code: string, dpi: Dpi): Promise<void>;
  /** The same image, to look at: a preview is not a label, so labelled_at stays as it is. */
  preview(accountId: number, code: string, dpi: Dpi): Promise<MonoRaster>;
  /** `GET /labels`: renders the document, stores it and returns its token-free download url (24 hours). */
  issue(accountId: number, codes: string[], opts: PdfOptions, baseUrl: string | null): Promise<{ url: string }>;
  /** `GET /labels/qr`: the signed token the shipment's label carries (fixed now if no label was made yet). */
  qrToken(accountId: number, code: string): Promise<string>;
  /** The account a shipment code belongs to, for the one-off `station print` that runs without a token. */
  accountOfCode(code: string): Promise<number>;
  /** Starts a drawing worker and loads what a label needs (the long-running service does, at start). */
  warm(): Promise<undefined>;
  /** The file behind a download secret (404 when unknown or expired). */
  openDownload(secret: string): Promise<string>;
}

export function createLabelService({
  db,
  clock,
  render,
  offices,
  qr,
  downloads,
  language,
}: LabelServiceDeps): LabelService {
  const shipments = db.stores.shipments;
  const read = shipmentLookups(shipments);

  function notCanceled(row: ShipmentRecord): ShipmentRecord {
    if (!isLabellable(row.status))
      throw invalidState(`shipment ${row.code} is CANCELED; a canceled shipment has no label`);
    return row;
  }

  /** Not canceled, and weighed: a label never prints a weight nobody read (an order imported without one). */
  function labellable(row: ShipmentRecord): ShipmentRecord {
    notCanceled(row);
    if (row.dimensions.weight === null)
      throw new DomainError(
        'invalid_state',
        `shipment ${row.code} has no weight yet (its order gave none): weigh the parcel and set dimensions.weight ` +
          `(PATCH /shipments/${row.code}) before its label`,
        { errors: [{ path: '/dimensions/weight', message: 'is unknown: weigh the parcel', code: 'required' }] },
      );
    return row;
  }

  /** The shipments of a document, in order; with `packages`, each parent followed by its live packages. */
  async function pieces(accountId: number, codes: string[], withPackages: boolean): Promise<ShipmentRecord[]> {
    const out: ShipmentRecord[] = [];
    for (const code of codes) {
      const row = labellable(await read.byCode(accountId, code));
      out.push(row);
      if (withPackages && row.packages > 0)
        out.push(...(await shipments.children(row.id)).filter((c) => isLabellable(c.status)));
    }
    return out;
  }

  /**
   * The QR token of each row, the one every copy of its label carries (contract: fixed when its first label is made,
   * `iat` that moment): the token fixed for the shipment, or, the first time or once the key that signed it has been
   * retired, one signed now and fixed. Tokens are fixed in one transaction for the whole document.
   */
  async function tokensOf(accountId: number, rows: ShipmentRecord[], durable?: Durable): Promise<string[]> {
    const fixed = new Map<number, string | undefined>();
    const stale: ShipmentRecord[] = [];
    for (const r of rows) {
      if (fixed.has(r.id)) continue;
      const token = await db.stores.labelTokens.token(r.id);
      fixed.set(r.id, token);
      if (token === undefined || !(await qr.isLive(token))) stale.push(r);
    }
    if (stale.length) {
      const signed = await Promise.all(stale.map((r) => qr.sign(r.code, accountId)));
      const kept = await db.transaction(
        async (tx) => {
          const out: Array<string | undefined> = [];
          for (const [i, r] of stale.entries()) {
            await tx.labelTokens.fix(r.id, signed[i]!, fixed.get(r.id) ?? null);
            out.push(await tx.labelTokens.token(r.id));
          }
          return out;
        },
        { durable },
      );
      stale.forEach((r, i) => fixed.set(r.id, kept[i]));
    }
    return rows.map((r) => fixed.get(r.id)!);
  }

  async function dataOf(accountId: number, rows: ShipmentRecord[], durable?: Durable): Promise<LabelData[]> {
    const parents = new Map<number, Promise<number>>();
    const packagesOf = (parentId: number) => {
      let n = parents.get(parentId);
      if (n === undefined)
        parents.set(parentId, (n = shipments.byId(accountId, parentId).then((p) => p?.packages ?? 0)));
      return n;
    };
    const qrs = await tokensOf(accountId, rows, durable);
    const lang = await language();
    return Promise.all(
      rows.map(async (row, i) => {
        const office =
          row.method === 'PICKUP' && row.office_id !== null ? await offices.byId(row.office_id) : undefined;
        return labelData(row, {
          qr: qrs[i]!,
          office: office ? { code: office.code, name: office.name } : null,
          packagesOfParent: row.parent_id === null ? null : await packagesOf(row.parent_id),
          language: lang,
        });
      }),
    );
  }

  /**
   * Records that the shipments were labelled, in one transaction with `andThen` (e.g. the download link). Each
   * row is read again inside it: a shipment canceled while its PDF was drawn gets no label after all.
   */
  function markLabelled<T>(
    accountId: number,
    rows: ShipmentRecord[],
    andThen: (tx: { downloads: DownloadStore }) => Promise<T>,
    durable?: Durable,
  ): Promise<T> {
    return db.transaction(
      async (tx) => {
        const at = clock.now().getTime();
        for (const r of rows) {
          const current = labellable((await tx.shipments.byId(accountId, r.id))!);
          await tx.shipments.markLabelled(current.id, at);
          // The first label of a shipment is label.created; printing it again is not.
          if (current.labelled_at === null)
            await announce(
              tx,
              accountId,
              'label.created',
              async () => readView(tx.shipments, { ...current, labelled_at: at, updated_at: at }),
              at,
            );
        }
        return andThen(tx);
      },
      { durable },
    );
  }

  /** Each label drawn once for the preview and the print that want it together (raster-memo.ts). */
  const drawRaster = rasterMemo((label, dpi, lane) => render.raster({ label, dpi }, lane));

  async function rasterOf(
    accountId: number,
    row: ShipmentRecord,
    dpi: Dpi,
    { lane = 'bulk', durable }: LabelDrawing,
  ): Promise<MonoRaster> {
    const [label] = await dataOf(accountId, [row], durable);
    return drawRaster(label!, dpi, lane);
  }

  /**
   * The label of one shipment for a printer, made by `make` and recorded as made (labelled_at): however a printer
   * gets it (a raster, or what it draws itself), a label printed is a label, and the shipment no longer changes.
   */
  async function oneLabel<T>(
    accountId: number,
    code: string,
    durable: Durable,
    make: (row: ShipmentRecord) => Promise<T>,
  ): Promise<T> {
    const row = labellable(await read.byCode(accountId, code));
    const made = await make(row);
    await markLabelled(accountId, [row], async () => undefined, durable);
    return made;
  }

  /** The document's pieces and what each label prints, checked; the drawing is the caller's (`render.pdf`). */
  async function documentTask(
    accountId: number,
    codes: string[],
    opts: PdfOptions,
    known?: ShipmentRecord[],
  ): Promise<{ rows: ShipmentRecord[]; task: PdfTask }> {
    checkLabelCount(codes, '/code');
    const start = startTile(opts.format, opts.start, 'printer');
    const rows = known ?? (await pieces(accountId, codes, opts.packages ?? false));
    const labels = await dataOf(accountId, rows, opts.durable);
    const title = rows.length === 1 ? `Label ${rows[0]!.code}` : `Labels (${rows.length})`;
    return { rows, task: { labels, format: opts.format, start, title } };
  }

  return {
    /** The shipment of the account a label can be made for: found by code, not canceled. */
    labellable: async (accountId: number, code: string) => labellable(await read.byCode(accountId, code)),
    pieces,

    /** The PDF of `codes` (in order). Sets labelled_at. */
    async renderPdf(accountId: number, codes: string[], opts: PdfOptions): Promise<Uint8Array> {
      const { rows, task } = await documentTask(accountId, codes, opts);
      const pdf = await render.pdf(task, opts.lane);
      await markLabelled(accountId, rows, async () => undefined, opts.durable);
      return pdf;
    },

    /** The A7 label of `code` as a 1-bit image at `dpi`, for thermal printers. Sets labelled_at. */
    renderRaster: (accountId: number, code: string, dpi: Dpi, how: LabelDrawing = {}): Promise<MonoRaster> =>
      oneLabel(accountId, code, how.durable, (row) => rasterOf(accountId, row, dpi, how)),

    /**
     * What the label of `code` prints, for a printer that draws it with its own font and symbols (ESC/POS native
     * mode): the same data the drawn label shows. Sets labelled_at.
     */
    renderData: (accountId: number, code: string, how: LabelDrawing = {}): Promise<LabelData> =>
      oneLabel(accountId, code, how.durable, async (row) => (await dataOf(accountId, [row], how.durable))[0]!),

    /**
     * The raster of a one-label print job drawn as it is queued (printing/jobs.ts, DrawAhead), kept for the worker's
     * `renderRaster` (raster-memo.ts). Its token, if it fixes one, need not wait for the disk: the commit that marks
     * the label on its way waits for it before the first byte leaves (unit-of-work.ts).
     */
    drawAhead: async (accountId: number, code: string, dpi: Dpi): Promise<void> =>
      void (await rasterOf(accountId, labellable(await read.byCode(accountId, code)), dpi, {
        lane: 'desk',
        durable: 'with_next',
      })),

    /** The same image, to look at: a preview is not a label, so labelled_at stays as it is. */
    preview: async (accountId: number, code: string, dpi: Dpi): Promise<MonoRaster> =>
      rasterOf(accountId, labellable(await read.byCode(accountId, code)), dpi, { lane: 'desk' }),

    /** `GET /labels`: renders the document, stores it and returns its token-free download url (24 hours). */
    async issue(
      accountId: number,
      codes: string[],
      opts: PdfOptions,
      baseUrl: string | null,
    ): Promise<{ url: string }> {
      await downloads.sweep();
      // The same pieces in the same layout: the document made for it before, while its link lives (bounded files).
      const same = await pieces(accountId, codes, opts.packages ?? false);
      const docKey = JSON.stringify([
        opts.format,
        opts.start ?? 1,
        await language(),
        same.map((r) => [r.code, r.packages]),
      ]);
      const reused = await downloads.reuse(accountId, docKey);
      if (reused) return { url: downloadUrl(baseUrl, reused) };
      const { rows, task } = await documentTask(accountId, codes, opts, same);
      const file = downloads.newLabelFile();
      // Drawn and written by the worker: the document never passes through this thread.
      const bytes = await render.pdfFile({ ...task, file: downloads.prepareFile(file) });
      try {
        const secret = await markLabelled(accountId, rows, (tx) =>
          downloads.link(tx, {
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
      const [token] = await tokensOf(accountId, [notCanceled(await read.byCode(accountId, code))]);
      return token!;
    },

    /** The account a shipment code belongs to, for the one-off `station print` that runs without a token. */
    accountOfCode: (code: string) => read.accountOfCode(code),

    /** Starts a drawing worker and loads what a label needs (the long-running service does, at start). */
    warm: () => render.warm(),

    /** The file behind a download secret (404 when unknown or expired). */
    openDownload: (secret: string) => downloads.open(secret),
  };
}
