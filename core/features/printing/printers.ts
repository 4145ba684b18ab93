import { isoOrNull, type Clock } from '../../platform/clock.js';
import { fieldError, invalidState, notFound } from '../../shared/errors.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import { withAckMode } from './ack-mode.js';
import { drivers } from './drivers.js';
import { placeProblem, realPath, stationDataProblem, type PrinterPlaces } from './places.js';
import type { PrinterCreateT, PrinterT, PrinterUpdateT } from './schemas.js';
import type { PrinterRecord, PrinterValues, PrintStore } from './store.js';
import { discoverSystemPrinters } from './system-driver.js';
import type { DriverName, LabelFormat, PrinterSettings, PrinterSpec } from './types.js';

/** Who configures a printer: a token through the API (restricted to where printers live) or the station's owner. */
export interface ConfiguredBy {
  owner?: boolean;
}

export function printerView(r: PrinterRecord): PrinterT {
  return {
    name: r.name,
    driver: r.driver,
    connection: r.connection,
    settings: r.settings,
    default_for: r.default_for,
    site: r.site,
    formats: [...formatsOf(r)],
    created_at: isoOrNull(r.created_at)!,
    updated_at: isoOrNull(r.updated_at)!,
  };
}

/** What a driver is told of a configured printer. */
export const specOf = (r: PrinterRecord): PrinterSpec => ({
  name: r.name,
  driver: r.driver,
  connection: r.connection,
  settings: r.settings,
  folderReal: r.folder_real,
});

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

/** What a printer prints: its driver's formats, except that a file printer writing raw jobs writes thermal labels. */
export const formatsOf = (p: { driver: DriverName; settings?: PrinterSettings | undefined }): readonly LabelFormat[] =>
  p.driver === 'file' && p.settings?.raw ? ['PDF_A7'] : drivers[p.driver].formats;

/**
 * What is stored of a printer's configuration. A file printer configured through the API is held to the folder
 * its connection resolves to now (places.ts checked it); the owner's are not held.
 */
const valuesOf = (body: PrinterUpdateT, by: ConfiguredBy, site: string): PrinterValues => ({
  ...body,
  settings: body.settings ?? {},
  default_for: body.default_for ?? null,
  folder_real: body.driver === 'file' && !by.owner ? realPath(body.connection) : null,
  site: body.site ?? site,
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

/** The account's printer of this name in `store`, or not found. */
export async function printerNamed(store: PrintStore, accountId: number, name: string): Promise<PrinterRecord> {
  const row = await store.printer(accountId, name);
  if (!row) throw notFound(`printer ${name}`);
  return row;
}

/**
 * An account's printers: configured through the API (held to the places the owner allows, `places`) or by the
 * owner, tested, asked for their status, discovered on the system. A printer belongs to a site (`site`, the
 * station's own unless the request names another): that site's stations print its jobs.
 */
export function createPrinters(
  db: UnitOfWork<{ printing: PrintStore }>,
  clock: Clock,
  places: PrinterPlaces,
  site: string,
) {
  const now = () => clock.now().getTime();
  const store = db.stores.printing;

  return {
    printers: async (accountId: number) => ({ data: (await store.printers(accountId)).map(printerView) }),
    printer: async (accountId: number, name: string) => printerView(await printerNamed(store, accountId, name)),

    createPrinter(accountId: number, body: PrinterCreateT, by: ConfiguredBy = {}): Promise<PrinterT> {
      checkPrinter(body, places, by);
      // GET /printers/discover would shadow a printer of that name.
      if (body.name.toLowerCase() === 'discover') throw fieldError('/name', 'reserved', 'is reserved');
      const values = valuesOf(body, by, site);
      return db.transaction(async (tx) => {
        if (await tx.printing.printer(accountId, body.name))
          throw fieldError('/name', 'taken', `is already used by another printer`);
        await tx.printing.savePrinter(accountId, body.name, values, now(), false);
        return printerView((await tx.printing.printer(accountId, body.name))!);
      });
    },

    updatePrinter(accountId: number, name: string, body: PrinterUpdateT, by: ConfiguredBy = {}): Promise<PrinterT> {
      checkPrinter(body, places, by);
      return db.transaction(async (tx) => {
        // A printer stays at its site unless the change names another.
        const values = valuesOf(body, by, (await printerNamed(tx.printing, accountId, name)).site);
        await tx.printing.savePrinter(accountId, name, values, now(), true);
        return printerView((await tx.printing.printer(accountId, name))!);
      });
    },

    deletePrinter(accountId: number, name: string): Promise<{ deleted: boolean }> {
      return db.transaction(async (tx) => {
        const printer = await printerNamed(tx.printing, accountId, name);
        const holding = await tx.printing.holding(printer.id);
        if (holding)
          throw invalidState(
            `printer ${name} has ${holding} print job${holding > 1 ? 's' : ''} not finished (queued, printing or unconfirmed); move them to another printer or cancel them first`,
          );
        await tx.printing.deletePrinter(accountId, name);
        return { deleted: true };
      });
    },

    async testPrinter(accountId: number, name: string): Promise<{ accepted: boolean; error: string | null }> {
      const row = await printerNamed(store, accountId, name);
      const driver = drivers[row.driver];
      try {
        // The test page is where a printer that never answers status requests is first recognised.
        const printer = await withAckMode(driver, specOf(row), null, (answers) =>
          db.transaction((tx) => tx.printing.setAnswersStatus(row.id, answers)),
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

    async status(accountId: number, name: string) {
      const printer = specOf(await printerNamed(store, accountId, name));
      return drivers[printer.driver].status(printer);
    },

    discover: async () => ({ data: await discoverSystemPrinters() }),
  };
}
