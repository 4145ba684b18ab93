import type { Command } from 'commander';
import { dataOption, intArg, withCore } from '../cli/context.js';

/** `station account …` and `station token …`. */
export function registerAuthCommands(program: Command): void {
  const account = program.command('account').description('accounts of this station');
  account
    .command('create <name>')
    .description('create an account; prints its id')
    .addOption(dataOption())
    .action((name: string, o: { data?: string }) => {
      return withCore(o.data, (core) => console.log(core.services.auth.createAccount(name).id));
    });
  account
    .command('list')
    .description('list accounts')
    .addOption(dataOption())
    .action((o: { data?: string }) => {
      return withCore(o.data, (core) => {
        for (const a of core.services.auth.accounts()) console.log(`${a.id}\t${a.name}`);
      });
    });

  const token = program.command('token').description('personal access tokens');
  token
    .command('create')
    .description('create a token; prints it (shown only this once)')
    .addOption(dataOption())
    .requiredOption('--account <id-or-name>', 'the account the token acts for')
    .requiredOption('--name <label>', 'a name to recognise the token by')
    .requiredOption('--permissions <list>', 'comma-separated: rates.read,shipments.read,shipments.write,events.read,events.write')
    .option('--expires-in-days <n>', 'expire after N days', intArg(1, 3650))
    .action((o: { data?: string; account: string; name: string; permissions: string; expiresInDays?: number }) => {
      return withCore(o.data, (core) => {
        const { token: t } = core.services.auth.createToken({
          account: o.account,
          name: o.name,
          permissions: o.permissions,
          ...(o.expiresInDays ? { expiresInDays: o.expiresInDays } : {}),
        });
        console.log(t);
      });
    });
  token
    .command('list')
    .description("list an account's tokens (never the secret)")
    .addOption(dataOption())
    .requiredOption('--account <id-or-name>', 'account')
    .action((o: { data?: string; account: string }) => {
      return withCore(o.data, (core) => {
        for (const t of core.services.auth.listTokens(o.account))
          console.log(
            [t.id, t.prefix + '…', t.name, t.permissions.join(','), t.revoked_at ? 'revoked' : t.expires_at ?? 'no expiry', t.last_used_at ?? 'never used'].join('\t'),
          );
      });
    });
  token
    .command('revoke <id>')
    .description('revoke a token at once')
    .addOption(dataOption())
    .requiredOption('--account <id-or-name>', 'account')
    .action((id: string, o: { data?: string; account: string }) => {
      return withCore(o.data, (core) => {
        const acc = core.services.auth.findAccount(o.account);
        core.services.auth.revokeToken(acc.id, Number(id));
        console.log(`revoked ${id}`);
      });
    });

}
