import type { Clock } from '../../platform/clock.js';
import type { MonoRaster } from '../../platform/drawing/raster-types.js';
import { fieldError } from '../../shared/errors.js';
import type { LabelData } from '../labels/layout.js';
import type { RenderLane } from '../labels/render-pool.js';
import type { Dpi } from '../../shared/schemas/codes.js';
import type { TransactionOptions, UnitOfWork } from '../../platform/unit-of-work.js';
import { withAckMode } from './ack-mode.js';
import { drivers } from './drivers.js';
import { createPrintJobs, type DrawAhead, type PrintableShipments } from './jobs.js';
import { nativeLabel } from './native.js';
import type { PrinterPlaces } from './places.js';
import { createPrinters, specOf } from './printers.js';
import { createPrintQueue, type RetryPolicy } from './queue.js';
import type { PrintingStores } from './store.js';
import type { LabelFormat, LabelInput, PrinterSpec, RawDriverName } from './types.js';

/**
 * Where a label is drawn (render-pool.ts), and how the token and labelled_at it fixes are committed: `with_next` when
 * a commit that waits for the disk follows before its first byte leaves (the queue's `sending`, unit-of-work.ts).
 */
interface Drawing {
  lane: RenderLane;
  durable: NonNullable<TransactionOptions['durable']>;
}

/** What printing needs from the labels feature (core/features/labels): rasters for thermal printers, PDFs for the rest. */
export interface LabelsPort extends PrintableShipments {
  renderPdf(
    accountId: number,
    codes: string[],
    opts: { format: LabelFormat; start?: number } & Drawing,
  ): Promise<Uint8Array>;
  renderRaster(accountId: number, code: string, dpi: Dpi, how: Drawing): Promise<MonoRaster>;
  /** The raster `renderRaster` will draw, drawn now in the desk's lane; labelled_at stays as it is. */
  drawAhead(accountId: number, code: string, dpi: Dpi): Promise<unknown>;
  /** The account a code belongs to, for the one-off `station print --to` that has no token. */
  accountOfCode(code: string): Promise<number>;
  /** What a label prints, for a printer that draws it itself (ESC/POS native mode). Sets labelled_at. */
  renderData(accountId: number, code: string, how: Drawing): Promise<LabelData>;
}

export interface PrintingDeps {
  db: UnitOfWork<PrintingStores>;
  clock: Clock;
  labels: LabelsPort;
  retry: RetryPolicy;
  /**
   * Where printers configured over the API (by any token with shipments.write) may point: the owner's choice
   * (STATION_PRINTER_PORTS, STATION_FILE_PRINTER_ROOTS; see places.ts).
   */
  places: PrinterPlaces;
  /** The station's site: its printers' jobs are the ones this station prints, and new printers belong to it. */
  site: string;
  onError?: (err: unknown) => void;
}

/** Printers, the print queue and its worker, and one-off prints: each its own module, composed here. */
export function createPrintingService(deps: PrintingDeps) {
  const { labels } = deps;

  /** What a driver draws its labels with. */
  function labelsFor(accountId: number, how: Drawing): LabelInput {
    return {
      raster: (code, dpi) => labels.renderRaster(accountId, code, dpi, how),
      pdf: (codes, format, start) =>
        labels.renderPdf(
          accountId,
          codes,
          format === 'PDF_A4' && start !== undefined ? { format, start, ...how } : { format, ...how },
        ),
      native: async (code) => nativeLabel(await labels.renderData(accountId, code, how)),
    };
  }

  const drawAhead: DrawAhead = (accountId, printer, format, code) => {
    const dpi = format === 'PDF_A7' ? drivers[printer.driver].rasterDpi?.(specOf(printer)) : null;
    // A failure here (a shipment canceled meanwhile, say) is the worker's to report when it draws the label.
    if (dpi) labels.drawAhead(accountId, code, dpi).catch(() => undefined);
  };

  /**
   * `POST /shipments?label_ahead=true`: the label of a shipment just created is printed next on the default A7
   * printer (a desk's Create and print), so its drawing starts now; the job's own DrawAhead then joins it.
   */
  const labelAhead = (accountId: number, code: string): void =>
    void deps.db.stores.printing
      .defaultPrinter(accountId, 'PDF_A7')
      .then((printer) => printer && drawAhead(accountId, printer, 'PDF_A7', code))
      // A hint only: the print job reports what stops its label, when it draws it.
      .catch(() => undefined);

  const queue = createPrintQueue({
    db: deps.db,
    clock: deps.clock,
    drivers,
    // A job marks each label on its way, in a commit that waits for the disk, before its first byte leaves.
    labelsFor: (accountId, lane) => labelsFor(accountId, { lane, durable: 'with_next' }),
    retry: deps.retry,
    site: deps.site,
    ...(deps.onError ? { onError: deps.onError } : {}),
  });

  return {
    queue,
    ...createPrinters(deps.db, deps.clock, deps.places, deps.site),
    ...createPrintJobs(deps.db, deps.clock, labels, queue, drawAhead),
    labelAhead,

    /** The one account all these codes belong to (the CLI has no token to say whose they are). */
    async accountOfCodes(codes: string[]): Promise<number> {
      const accounts = new Set<number>();
      for (const c of codes) accounts.add(await labels.accountOfCode(c));
      if (accounts.size > 1) throw fieldError('/codes', 'invalid', 'belong to more than one account');
      return [...accounts][0]!;
    },

    /**
     * `station print --to`: prints without configuration or queue, label by label, and rejects at the first
     * label the printer did not accept (the caller's exit code says so).
     */
    async printOnce(
      opts: { codes: string[]; driver: RawDriverName; connection: string; dpi: Dpi },
      onLabel?: (n: number) => void,
    ) {
      const driver = drivers[opts.driver];
      const problem = driver.checkConnection(opts.connection);
      if (problem) throw fieldError('/to', 'format', problem, { format: 'connection', driver: opts.driver });
      const given: PrinterSpec = {
        name: 'one-off',
        driver: opts.driver,
        connection: opts.connection,
        settings: { dpi: opts.dpi },
      };
      // Asked once: a printer that never answers status is acknowledged by closing the connection, at once.
      const printer = await withAckMode(driver, given, null, () => undefined);
      let n = 0;
      for (const given of opts.codes) {
        const accountId = await labels.accountOfCode(given);
        const { code } = await labels.labellable(accountId, given);
        // No job here to mark the label on its way: its token and labelled_at are on disk before it is sent.
        const payload = await driver.prepare(
          labelsFor(accountId, { lane: 'desk', durable: 'now' }),
          [code],
          printer,
          'PDF_A7',
        );
        await driver.deliver(printer, payload, { name: code, format: 'PDF_A7' });
        onLabel?.(++n);
      }
    },
  };
}

export type PrintingService = ReturnType<typeof createPrintingService>;
