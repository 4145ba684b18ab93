import { InvalidArgumentError, Option, type Command } from 'commander';
import { DEFAULT_DPI, DPIS, type Dpi } from '../../shared/schemas/codes.js';
import { dataOption, storeOption, ownerClient, withClient, withCore } from './context.js';
import {
  DRIVERS,
  LABEL_FORMATS,
  RAW_DRIVERS,
  type DriverName,
  type PrinterSettings,
  type RawDriverName,
} from '../../features/printing/types.js';

const codesArg = (v: string) => {
  const codes = v
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  if (!codes.length) throw new InvalidArgumentError('give at least one shipment code');
  return codes;
};
const dpiArg = (v: string): Dpi => {
  const dpi = DPIS.find((d) => String(d) === v);
  if (dpi === undefined) throw new InvalidArgumentError(`must be ${DPIS.join(' or ')}`);
  return dpi;
};
const numberArg = (v: string) => {
  const n = Number(v);
  if (!Number.isFinite(n)) throw new InvalidArgumentError('must be a number');
  return n;
};

/** `station print …` and `station printers …`: thin adapters over the printing service. */
export function registerPrintingCommands(program: Command): void {
  program
    .command('print')
    .description('print shipment labels: on a configured printer (through the queue), or once to a raw printer (--to)')
    .addOption(dataOption())
    .addOption(storeOption())
    .requiredOption('--code <codes>', 'shipment code(s), comma-separated', codesArg)
    .option(
      '--printer <name>',
      'a configured printer of the codes’ account (default: its default printer for the format)',
    )
    .option('--to <url>', 'one-off: tcp://HOST:PORT or a device path, no configuration')
    .addOption(new Option('--driver <driver>', 'one-off: the printer’s language').choices(RAW_DRIVERS))
    .option('--dpi <dpi>', `one-off: print-head resolution, ${DPIS.join(' or ')}`, dpiArg, DEFAULT_DPI)
    .addOption(new Option('--format <format>', 'label format for --printer').choices(LABEL_FORMATS))
    .option('--reprint', 'print labels that were printed before')
    .action(
      async (o: {
        data?: string;
        code: string[];
        printer?: string;
        to?: string;
        driver?: RawDriverName;
        dpi: Dpi;
        format?: 'PDF_A7' | 'PDF_A4';
        reprint?: boolean;
      }) => {
        if (o.to && o.printer) throw new InvalidArgumentError('give --printer or --to, not both');
        if (o.to && !o.driver) throw new InvalidArgumentError('--to needs --driver escpos|zpl|tspl');
        const total = o.code.length;
        const progress = (n: number) => process.stderr.write(`printed ${n} of ${total}\n`);
        await withCore(o, async (core) => {
          const printing = core.printing;
          if (o.to) {
            await printing.printOnce({ codes: o.code, driver: o.driver!, connection: o.to, dpi: o.dpi }, progress);
            return;
          }
          // The owner prints for the account the codes belong to.
          const accountId = await printing.accountOfCodes(o.code);
          const job = await (
            await ownerClient(core, accountId)
          ).call('printJobs.create', {
            body: {
              codes: o.code,
              ...(o.printer ? { printer: o.printer } : {}),
              ...(o.format ? { format: o.format } : {}),
              ...(o.reprint ? { reprint: true } : {}),
            },
          });
          // This process prints its own job only; a running `serve` may take it first, which is just as good.
          const end = await printing.runJob(accountId, job.id, (j) => j.progress.done && progress(j.progress.done));
          if (end.state === 'unconfirmed') {
            process.stderr.write(
              `station: print job ${end.id}: label ${end.progress.done + 1} of ${end.progress.total} may not have printed (${end.last_error}); ` +
                'check the printer, then answer on the desk or with POST /v1/print-jobs/ID/confirm or /print-again\n',
            );
            process.exitCode = 1;
          } else if (end.state !== 'done') {
            process.stderr.write(`station: print job ${end.id} ${end.state}: ${end.last_error ?? 'canceled'}\n`);
            process.exitCode = 1;
          }
        });
      },
    );

  const printers = program.command('printers').description('printers of an account');
  printers
    .command('add <name>')
    .description('configure a printer')
    .addOption(dataOption())
    .addOption(storeOption())
    .requiredOption('--account <id-or-name>', 'the account the printer belongs to')
    .addOption(new Option('--driver <driver>', 'how to print').choices(DRIVERS).makeOptionMandatory())
    .requiredOption('--connection <where>', 'tcp://HOST:PORT or device path (raw), CUPS queue (system), folder (file)')
    .addOption(new Option('--default-for <format>', 'make it the printer of this format').choices(LABEL_FORMATS))
    .option('--dpi <dpi>', 'print-head resolution', dpiArg)
    .option('--darkness <n>', '0–30', numberArg)
    .option('--speed <n>', 'inches per second, 1–14', numberArg)
    .option('--width-dots <n>', 'ESC/POS head width in dots', numberArg)
    .option('--native', 'ESC/POS: printer-drawn QR and Code 128')
    .option('--gap-mm <n>', 'TSPL label gap', numberArg)
    .option('--no-status-ack', 'raw drivers: the printer never answers status requests')
    .addOption(new Option('--raw <driver>', 'file driver: write this raw job instead of the PDF').choices(RAW_DRIVERS))
    .option('--site <name>', 'the site whose stations print its jobs (default: $STATION_SITE, else main)')
    .action((name: string, o: Record<string, unknown> & { data?: string; account: string }) => {
      const settings: PrinterSettings = {
        ...(o.dpi !== undefined ? { dpi: o.dpi as Dpi } : {}),
        ...(o.darkness !== undefined ? { darkness: o.darkness as number } : {}),
        ...(o.speed !== undefined ? { speed: o.speed as number } : {}),
        ...(o.widthDots !== undefined ? { width_dots: o.widthDots as number } : {}),
        ...(o.native ? { native: true } : {}),
        ...(o.gapMm !== undefined ? { gap_mm: o.gapMm as number } : {}),
        ...(o.statusAck === false ? { status_ack: false } : {}),
        ...(o.raw ? { raw: o.raw as RawDriverName } : {}),
      };
      return withClient(o, o.account, async (client) => {
        const p = await client.call('printers.create', {
          body: {
            name,
            driver: o.driver as DriverName,
            connection: o.connection as string,
            settings,
            ...(o.defaultFor ? { default_for: o.defaultFor as 'PDF_A7' | 'PDF_A4' } : {}),
            ...(o.site ? { site: o.site as string } : {}),
          },
        });
        console.log(`${p.name}\t${p.driver}\t${p.connection}`);
      });
    });
  printers
    .command('list')
    .description("list an account's printers")
    .addOption(dataOption())
    .addOption(storeOption())
    .requiredOption('--account <id-or-name>', 'account')
    .action((o: { data?: string; account: string }) =>
      withClient(o, o.account, async (client) => {
        for (const p of (await client.call('printers.list')).data)
          console.log([p.name, p.driver, p.connection, p.default_for ?? '', JSON.stringify(p.settings)].join('\t'));
      }),
    );
  printers
    .command('remove <name>')
    .description('remove a printer (refused while it has jobs not finished: move or cancel them first)')
    .addOption(dataOption())
    .addOption(storeOption())
    .requiredOption('--account <id-or-name>', 'account')
    .action((name: string, o: { data?: string; account: string }) =>
      withClient(o, o.account, async (client) => {
        await client.call('printers.delete', { params: { name } });
        console.log(`removed ${name}`);
      }),
    );
}
