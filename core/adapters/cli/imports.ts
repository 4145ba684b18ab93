import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { ApiError } from '../../shared/client/index.js';
import type { ImportRowErrorT } from '../../features/imports/schemas.js';
import { PLATFORMS } from '../../shared/schemas/codes.js';
import { dataOption, ownerClient, storeOption, withCore } from './context.js';

/** The account an import is for: the one named, or the station's only one. */
function accountOf(accounts: Array<{ id: number; name: string }>, named: string | undefined): string | number {
  if (named !== undefined) return named;
  if (accounts.length === 1) return accounts[0]!.id;
  throw new ApiError({
    status: 400,
    code: 'validation_failed',
    detail: accounts.length
      ? `the station has ${accounts.length} accounts (${accounts.map((a) => a.name).join(', ')}): name one with --account`
      : 'the station has no account yet (station account create NAME)',
  });
}

/** `station shipments import FILE`: a platform's order export (or a generic CSV, or JSON) becomes shipments. */
export function registerImportCommands(program: Command): void {
  const shipments =
    program.commands.find((c) => c.name() === 'shipments') ??
    program.command('shipments').description('shipments of an account');
  shipments
    .command('import <file>')
    .description(
      'import orders (Tiendanube, WooCommerce, Mercado Libre, VTEX exports, a CSV with field-path headers, or JSON) ' +
        'as shipments waiting for their label; any bad row imports nothing; orders whose ref exists are skipped',
    )
    .addOption(dataOption())
    .addOption(storeOption())
    .addOption(new Option('--platform <p>', 'the platform of the orders').choices([...PLATFORMS]))
    .option('--mapping <name>', 'a built-in mapping or one saved by name (default: guessed from the headers)')
    .option(
      '--preset <key>',
      'the package preset of every order: its box, and its weight where an order has none (with neither, the weight is asked for at Pack)',
    )
    .option('--dry-run', 'say what would be created; write nothing')
    .option('--account <id-or-name>', "the account (default: the station's only account)")
    .action(
      (
        file: string,
        o: {
          data?: string;
          store?: string;
          platform?: string;
          mapping?: string;
          preset?: string;
          dryRun?: boolean;
          account?: string;
        },
      ) =>
        withCore(o, async (core) => {
          const account = accountOf(await (await ownerClient(core)).call('accounts.list'), o.account);
          const client = await ownerClient(core, account);
          const importId = `cli-${randomUUID()}`;
          // Progress on a terminal, where a person waits: "checking 4,500 of 10,000 orders".
          const ticker = process.stderr.isTTY
            ? setInterval(() => {
                client
                  .call('shipments.importProgress', { params: { import_id: importId } })
                  .then((p) => process.stderr.write(`\r${p.phase} ${p.checked} of ${p.orders} orders   `))
                  .catch(() => undefined /* not started yet */);
              }, 250)
            : null;
          try {
            const r = await client.call('shipments.import', {
              body: {
                text: readFileSync(file).toString('base64'),
                encoding: 'base64',
                format: /\.json$/i.test(file) ? 'json' : 'csv',
                ...(o.platform ? { platform: o.platform as (typeof PLATFORMS)[number] } : {}),
                ...(o.mapping ? { mapping: o.mapping } : {}),
                ...(o.preset ? { preset: o.preset } : {}),
                ...(o.dryRun ? { dry_run: true } : {}),
                import_id: importId,
              },
            });
            if (ticker) process.stderr.write('\r');
            for (const c of r.created)
              console.log(`${r.dry_run ? 'would create' : 'created'}\t${c.code ?? ''}\t${c.ref}`);
            for (const s of r.skipped) console.log(`skipped\t${s.code}\t${s.ref}\t(its ref exists)`);
            console.error(
              `${r.dry_run ? 'dry run: ' : ''}${r.orders} orders (${r.mapping.title}): ${r.created.length} ` +
                `${r.dry_run ? 'to create' : 'created'}, ${r.skipped.length} skipped`,
            );
          } catch (e) {
            if (ticker) process.stderr.write('\r');
            const rows = e instanceof ApiError ? (e.problem.rows as ImportRowErrorT[] | undefined) : undefined;
            if (!rows) throw e;
            for (const row of rows) console.error(`  row ${row.row}, ${row.column || row.field}: ${row.message}`);
            throw new ApiError({ ...(e as ApiError).problem, errors: [] });
          } finally {
            if (ticker) clearInterval(ticker);
          }
        }),
    );
}
