import { isoOrNull, type Clock } from '../clock.js';
import { fieldError, invalidState, notFound } from '../errors.js';
import type { ShipmentRecord } from '../shipments/record.js';
import { inTransaction, type Db } from '../store/db.js';
import type { MonoRaster } from '../drawing/raster-types.js';
import { drivers } from './drivers.js';
import { createHash } from 'node:crypto';
import { nativeLines } from './native.js';
import type { PrintLanguage } from '../drawing/words.js';
import { withAckMode } from './ack-mode.js';
import { canDo, isFinalJobState, needsOperator, type JobAction, type JobState } from './job-states.js';
import { placeProblem, realPath, stationDataProblem, type PrinterPlaces } from './places.js';
import { createPrintQueue, specOf, type RetryPolicy } from './queue.js';
import { nextUnit } from './units.js';
import { pageEnvelope, pageWindow } from '../schemas/common.js';
import type {
  PrinterCreateT,
  PrinterT,
  PrinterUpdateT,
  PrintJobCreateT,
  PrintJobMoveT,
  PrintJobQueryT,
  PrintJobT,
} from './schemas.js';
import { createPrintStore, type JobRow, type PrinterRow, type PrinterValues } from './store.js';
import { discoverSystemPrinters } from './system-driver.js';
import type { DriverName, LabelFormat, LabelInput, PrinterSettings, PrinterSpec, RawDriverName } from './types.js';

/** What printing needs from the labels feature (core/labels): rasters for thermal printers, PDFs for the rest. */
export interface LabelsPort {
  /** The shipment of the account a label can be made for (not_found in another account, invalid_state when canceled). */
  labellable(accountId: number, code: string): ShipmentRecord;
  /** The shipments of `codes` a label can be made for, in order; with `packages`, each followed by its live packages. */
  pieces(accountId: number, codes: string[], packages: boolean): ShipmentRecord[];
  renderPdf(
    accountId: number,
    codes: string[],
    opts: { format: LabelFormat; start?: number | undefined },
  ): Promise<Uint8Array>;
  renderRaster(accountId: number, code: string, dpi: 203 | 300): Promise<MonoRaster>;
  /** The account a code belongs to, for the one-off `station print --to` that has no token. */
  accountOfCode(code: string): number;
  /** The signed QR token of a label (ESC/POS native mode prints it with the printer's QR command). */
  qrToken(accountId: number, code: string): Promise<string> | string;
}

export interface PrintingDeps {
  db: Db;
  clock: Clock;
  labels: LabelsPort;
  retry: RetryPolicy;
  /**
   * Where printers configured over the API (by any token with shipments.write) may point: the owner's choice
   * (STATION_PRINTER_PORTS, STATION_FILE_PRINTER_ROOTS; see places.ts).
   */
  places: PrinterPlaces;
  /** The language of the captions of a native-mode label (the station's setting). */
  language?: () => PrintLanguage;
}

/** Who configures a printer: a token through the API (restricted to where printers live) or the station's owner. */
export interface ConfiguredBy {
  owner?: boolean;
}

/** What a printer prints: its driver's formats, except that a file printer writing raw jobs writes thermal labels. */
const formatsOf = (p: { driver: DriverName; settings?: PrinterSettings | undefined }): readonly LabelFormat[] =>
  p.driver === 'file' && p.settings?.raw ? ['PDF_A7'] : drivers[p.driver].formats;

function printerView(r: PrinterRow): PrinterT {
  const settings = JSON.parse(r.settings) as PrinterSettings;
  return {
    name: r.name,
    driver: r.driver,
    connection: r.connection,
    settings,
    default_for: r.default_for,
    formats: [...formatsOf({ driver: r.driver, settings })],
    created_at: isoOrNull(r.created_at)!,
    updated_at: isoOrNull(r.updated_at)!,
  };
}

export function jobView(r: JobRow): PrintJobT {
  return {
    id: r.id,
    codes: JSON.parse(r.codes) as string[],
    format: r.format,
    printer: r.printer,
    driver: r.driver,
    reprint: r.reprint === 1,
    state: r.state,
    attempts: r.attempts,
    last_error: r.last_error,
    progress: { done: r.done, total: r.total },
    start: r.start,
    created_at: isoOrNull(r.created_at)!,
    updated_at: isoOrNull(r.updated_at)!,
    finished_at: isoOrNull(r.finished_at),
  };
}

/** Settings that only mean something to one driver are refused elsewhere, so that a typo does not pass silently. */
const SETTING_DRIVERS: Partial<Record<keyof PrinterSettings, DriverName[]>> = {
  dpi: ['escpos', 'zpl', 'tspl', 'file'],
  darkness: ['zpl', 'tspl', 'file'],
  speed: ['zpl', 'tspl', 'file'],
  width_dots: ['escpos', 'file'],
  native: ['escpos', 'file'],
  gap_mm: ['tspl', 'file'],
  status_ack: ['escpos', 'zpl', 'tspl'],
  raw: ['file'],
};

/**
 * What is stored of a printer's configuration. A file printer configured through the API is held to the folder
 * its connection resolves to now (places.ts checked it); the owner's are not held.
 */
const valuesOf = (body: PrinterUpdateT, by: ConfiguredBy): PrinterValues => ({
  ...body,
  settings: body.settings ?? {},
  default_for: body.default_for ?? null,
  folder_real: body.driver === 'file' && !by.owner ? realPath(body.connection) : null,
});

function checkPrinter(
  v: { driver: DriverName; connection: string; settings?: PrinterSettings; default_for?: LabelFormat | null },
  places: PrinterPlaces,
  by: ConfiguredBy,
): void {
  const driver = drivers[v.driver];
  const problem = driver.checkConnection(v.connection);
  if (problem)
    throw fieldError('/connection', 'format', `${problem} (driver ${v.driver})`, {
      format: 'connection',
      driver: v.driver,
    });
  const place =
    (v.driver === 'file' ? stationDataProblem(v.connection, places) : null) ??
    (by.owner ? null : placeProblem(v.driver, v.connection, places));
  if (place) throw fieldError('/connection', 'not_allowed', `${place} (driver ${v.driver})`, { driver: v.driver });
  for (const key of Object.keys(v.settings ?? {}) as Array<keyof PrinterSettings>)
    if (!SETTING_DRIVERS[key]?.includes(v.driver))
      throw fieldError(`/settings/${key}`, 'unsupported', `does not apply to the ${v.driver} driver`, {
        driver: v.driver,
      });
  const formats = formatsOf(v);
  if (v.default_for && !formats.includes(v.default_for))
    throw fieldError('/default_for', 'unsupported', `a ${v.driver} printer prints ${formats.join(', ')} only`, {
      driver: v.driver,
      allowed: formats,
    });
}

/** Printers, the print queue and one-off prints. */
export function createPrintingService(deps: PrintingDeps) {
  const { db, clock, labels } = deps;
  const store = createPrintStore(db);
  const now = () => clock.now().getTime();

  function labelsFor(accountId: number): LabelInput {
    return {
      raster: (code, dpi) => labels.renderRaster(accountId, code, dpi),
      pdf: (codes, format, start) =>
        labels.renderPdf(accountId, codes, { format, start: format === 'PDF_A4' ? start : undefined }),
      async native(code) {
        const row = labels.labellable(accountId, code);
        return {
          code: row.code,
          qr: await labels.qrToken(accountId, row.code),
          lines: nativeLines(row, deps.language?.()),
        };
      },
    };
  }

  const queue = createPrintQueue({ db, clock, store, drivers, labelsFor, retry: deps.retry });

  function printerRow(accountId: number, name: string): PrinterRow {
    const row = store.printer(accountId, name);
    if (!row) throw notFound(`printer ${name}`);
    return row;
  }

  function jobRow(accountId: number, id: string): JobRow {
    const row = store.job(accountId, Number(id));
    if (!row) throw notFound(`print job ${id}`);
    return row;
  }

  /** The job, when `action` is one its state allows (job-states.ts); 409 naming the state otherwise. */
  function jobFor(accountId: number, id: string, action: JobAction): JobRow {
    const job = jobRow(accountId, id);
    if (!canDo(job.state, action))
      throw invalidState(`print job ${job.id} is ${job.state}: ${action.replace('_', ' ')} does not apply`);
    return job;
  }

  /** Changes a job in one transaction, wakes the queue, and answers the job as it now is. */
  function change(accountId: number, id: string, action: JobAction, fn: (job: JobRow) => void): PrintJobT {
    const row = inTransaction(db, () => {
      const job = jobFor(accountId, id, action);
      fn(job);
      return store.jobById(job.id)!;
    });
    queue.wake();
    return jobView(row);
  }

  /**
   * The shipments' canonical codes (with `packages`, each followed by its packages); another account's code is not
   * found, a canceled shipment has no label. A code listed twice is refused; a package also listed by itself prints
   * once, at its first place.
   */
  function shipmentCodes(accountId: number, body: PrintJobCreateT): string[] {
    const listed = body.codes.map((c) => labels.labellable(accountId, c).code);
    if (new Set(listed).size !== listed.length) throw fieldError('/codes', 'duplicate', 'lists a shipment twice');
    return body.packages ? [...new Set(labels.pieces(accountId, listed, true).map((r) => r.code))] : listed;
  }

  /** The job once it differs from what the caller shows (state or labels done), or after `waitMs` as it is then. */
  async function jobChange(
    accountId: number,
    id: string,
    seen: { state?: JobState; done?: number; attempts?: number | undefined },
    waitMs: number,
  ): Promise<PrintJobT> {
    const until = Date.now() + waitMs;
    for (;;) {
      const job = jobView(jobRow(accountId, id));
      const differs =
        (seen.state !== undefined && job.state !== seen.state) ||
        (seen.done !== undefined && job.progress.done !== seen.done) ||
        (seen.attempts !== undefined && job.attempts !== seen.attempts);
      const left = until - Date.now();
      if (differs || left <= 0 || (seen.state === undefined && seen.done === undefined)) return job;
      // This worker's changes wake us at once; another process's (a CLI print) are seen within 250 ms.
      await queue.changed(Math.min(left, 250));
    }
  }

  /** The jobs waiting for the operator and their version, once it differs from `seen` or after `waitMs`. */
  async function attention(
    accountId: number,
    seen: string | undefined,
    waitMs: number,
  ): Promise<{ data: PrintJobT[]; version: string }> {
    const until = Date.now() + waitMs;
    for (;;) {
      const rows = store.attention(accountId);
      const version = createHash('sha1')
        .update(rows.map((r) => `${r.id}:${r.state}:${r.done}:${r.updated_at}:${r.last_error ?? ''}`).join('|'))
        .digest('hex')
        .slice(0, 16);
      const left = until - Date.now();
      if (version !== seen || left <= 0) return { data: rows.map(jobView), version };
      // This worker's changes wake us at once; another process's are seen within 250 ms.
      await queue.changed(Math.min(left, 250));
      // The service stopped meanwhile: the answer is the list as it was.
      if (!db.open) return { data: rows.map(jobView), version };
    }
  }

  return {
    queue,
    store,
    attention,

    printers: (accountId: number) => ({ data: store.printers(accountId).map(printerView) }),
    printer: (accountId: number, name: string) => printerView(printerRow(accountId, name)),

    createPrinter(accountId: number, body: PrinterCreateT, by: ConfiguredBy = {}): PrinterT {
      checkPrinter(body, deps.places, by);
      return inTransaction(db, () => {
        // GET /printers/discover would shadow a printer of that name.
        if (body.name.toLowerCase() === 'discover') throw fieldError('/name', 'reserved', 'is reserved');
        if (store.printer(accountId, body.name))
          throw fieldError('/name', 'taken', `is already used by another printer`);
        store.savePrinter(accountId, body.name, valuesOf(body, by), now(), false);
        return printerView(store.printer(accountId, body.name)!);
      });
    },

    updatePrinter(accountId: number, name: string, body: PrinterUpdateT, by: ConfiguredBy = {}): PrinterT {
      checkPrinter(body, deps.places, by);
      return inTransaction(db, () => {
        printerRow(accountId, name);
        store.savePrinter(accountId, name, valuesOf(body, by), now(), true);
        return printerView(store.printer(accountId, name)!);
      });
    },

    deletePrinter(accountId: number, name: string): { deleted: boolean } {
      return inTransaction(db, () => {
        const printer = printerRow(accountId, name);
        const holding = store.holding(printer.id);
        if (holding)
          throw invalidState(
            `printer ${name} has ${holding} print job${holding > 1 ? 's' : ''} not finished (queued, printing or unconfirmed); move them to another printer or cancel them first`,
          );
        store.deletePrinter(accountId, name);
        return { deleted: true };
      });
    },

    async testPrinter(accountId: number, name: string): Promise<{ accepted: boolean; error: string | null }> {
      const row = printerRow(accountId, name);
      const driver = drivers[row.driver];
      try {
        // The test page is where a printer that never answers status requests is first recognised.
        const printer = await withAckMode(driver, specOf(row), null, (answers) =>
          store.setAnswersStatus(row.id, answers),
        );
        await driver.deliver(printer, await driver.testPage(printer), {
          name: `test-${printer.name}-${now()}`,
          format: 'PDF_A7',
        });
        return { accepted: true, error: null };
      } catch (e) {
        return { accepted: false, error: (e as Error).message };
      }
    },

    status: (accountId: number, name: string) => {
      const printer = specOf(printerRow(accountId, name));
      return drivers[printer.driver].status(printer);
    },

    discover: async () => ({ data: await discoverSystemPrinters() }),

    submit(accountId: number, body: PrintJobCreateT): PrintJobT {
      const job = inTransaction(db, () => {
        let row: PrinterRow | undefined;
        if (body.printer) row = printerRow(accountId, body.printer);
        else {
          row = store.defaultPrinter(accountId, body.format ?? 'PDF_A7');
          if (!row)
            throw fieldError(
              '/printer',
              'required',
              `is required: no printer is the default for ${body.format ?? 'PDF_A7'}`,
            );
        }
        const printer = specOf(row);
        const format = body.format ?? row.default_for ?? 'PDF_A7';
        if (!formatsOf(printer).includes(format))
          throw fieldError(
            '/format',
            'unsupported',
            `printer ${printer.name} (${printer.driver}) prints ${formatsOf(printer).join(', ')} only`,
            { driver: printer.driver, allowed: formatsOf(printer) },
          );
        if (body.start !== undefined && format !== 'PDF_A4')
          throw fieldError('/start', 'not_allowed', 'is accepted with format PDF_A4 only', {
            only_with: 'format=PDF_A4',
          });
        let codes = shipmentCodes(accountId, body);
        if (!body.reprint) {
          const printed = store.alreadyPrinted(accountId, format, codes);
          if (printed.length)
            throw invalidState(
              `already printed (or queued): ${printed.join(', ')}; submit with "reprint": true to print again`,
            );
        } else {
          // A reprint of a label whose job has not printed it yet joins that job: one label, not two.
          const pending = store.pending(accountId, format, codes);
          const joined = new Set(pending.map((p) => p.code));
          codes = codes.filter((c) => !joined.has(c));
          if (!codes.length) return store.jobById(pending[0]!.id)!;
        }
        const id = store.insertJob(
          accountId,
          { codes, format, printer: row, reprint: !!body.reprint, start: body.start ?? 1 },
          now(),
          Date.now(),
        );
        return store.jobById(id)!;
      });
      queue.wake();
      return jobView(job);
    },

    jobs(accountId: number, query: PrintJobQueryT) {
      const window = pageWindow(query);
      const { rows, total } = store.jobs(accountId, query.state ?? null, window.size, window.offset);
      return pageEnvelope(rows.map(jobView), total, window);
    },

    job: (accountId: number, id: string) => jobView(jobRow(accountId, id)),

    jobChange,

    /**
     * Failed or canceled: queue again from the first label not printed (unconfirmed if a label was on its way
     * when it stopped); queued (waiting to retry): try now.
     */
    retry: (accountId: number, id: string) =>
      change(accountId, id, 'retry', (job) => {
        if (job.printer_id === null)
          throw invalidState(`print job ${job.id}: its printer was removed; move it to another printer`);
        store.requeue(job.id, now(), Date.now());
      }),

    /** Stops a job; a label in flight finishes and counts. Labels already printed stay counted. */
    cancel(accountId: number, id: string): PrintJobT {
      return inTransaction(db, () => {
        const job = jobRow(accountId, id);
        if (job.state === 'canceled') return jobView(job);
        if (!canDo(job.state, 'cancel')) throw invalidState(`print job ${job.id} is ${job.state}`);
        store.cancel(job.id, now());
        return jobView(store.jobById(job.id)!);
      });
    },

    /** The operator's answer to an unconfirmed job: the label in doubt printed. The rest of the job resumes. */
    confirm: (accountId: number, id: string) =>
      change(accountId, id, 'confirm', (job) => {
        // The unit in doubt: with a start tile, the first sheet holds fewer labels than the next ones.
        const unit = nextUnit(job.done, job.total, drivers[job.driver].unitSize(job.format), job.start);
        store.confirm(job.id, unit.to - unit.from, now(), Date.now());
      }),

    /** The operator's answer to an unconfirmed job: print the label in doubt again (the job becomes a reprint). */
    printAgain: (accountId: number, id: string) =>
      change(accountId, id, 'print_again', (job) => store.printAgain(job.id, now(), Date.now())),

    /** Sends the rest of a job to another printer of the account; a failed or canceled job is queued again there. */
    move: (accountId: number, id: string, body: PrintJobMoveT) =>
      change(accountId, id, 'move', (job) => {
        const target = printerRow(accountId, body.printer);
        if (!formatsOf(specOf(target)).includes(job.format))
          throw fieldError(
            '/printer',
            'unsupported',
            `printer ${target.name} (${target.driver}) prints ${formatsOf(specOf(target)).join(', ')} only, not ${job.format}`,
            { driver: target.driver, allowed: formatsOf(specOf(target)) },
          );
        store.move(job.id, target, now(), Date.now());
      }),

    /** The one account all these codes belong to (the CLI has no token to say whose they are). */
    accountOfCodes(codes: string[]): number {
      const accounts = new Set(codes.map((c) => labels.accountOfCode(c.toUpperCase())));
      if (accounts.size > 1) throw fieldError('/codes', 'invalid', 'belong to more than one account');
      return [...accounts][0]!;
    },

    /** Waits until the job is done, failed or canceled, or waits for the operator; reports each change of progress. */
    async waitForJob(accountId: number, id: number, onProgress?: (job: PrintJobT) => void): Promise<PrintJobT> {
      let job = jobView(jobRow(accountId, String(id)));
      onProgress?.(job);
      for (;;) {
        if (isFinalJobState(job.state) || needsOperator(job.state)) return job;
        const done = job.progress.done;
        job = await jobChange(accountId, String(id), { state: job.state, done }, 60_000);
        if (job.progress.done !== done) onProgress?.(job);
      }
    },

    /**
     * `station print --to`: prints without configuration or queue, label by label, and rejects at the first
     * label the printer did not accept (the caller's exit code says so).
     */
    async printOnce(
      opts: { codes: string[]; driver: RawDriverName; connection: string; dpi: 203 | 300 },
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
        const accountId = labels.accountOfCode(given.toUpperCase());
        const { code } = labels.labellable(accountId, given);
        const payload = await driver.prepare(labelsFor(accountId), [code], printer, 'PDF_A7');
        await driver.deliver(printer, payload, { name: code, format: 'PDF_A7' });
        onLabel?.(++n);
      }
    },
  };
}

export type PrintingService = ReturnType<typeof createPrintingService>;
