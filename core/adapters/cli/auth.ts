import { InvalidArgumentError, type Command } from 'commander';
import { dataOption, storeOption, intArg, withClient } from './context.js';
import { PERMISSIONS } from '../../shared/schemas/codes.js';
import { parsePermissions } from '../../features/auth/service.js';

const permissionsArg = (v: string) => {
  try {
    return parsePermissions(v);
  } catch (e) {
    throw new InvalidArgumentError((e as Error).message);
  }
};

/** `station account …` and `station token …`. */
export function registerAuthCommands(program: Command): void {
  const account = program.command('account').description('accounts of this station');
  account
    .command('create <name>')
    .description('create an account; prints its id')
    .addOption(dataOption())
    .addOption(storeOption())
    .action((name: string, o: { data?: string }) =>
      withClient(o, undefined, async (client) =>
        console.log((await client.call('accounts.create', { body: { name } })).id),
      ),
    );
  account
    .command('list')
    .description('list accounts')
    .addOption(dataOption())
    .addOption(storeOption())
    .action((o: { data?: string }) =>
      withClient(o, undefined, async (client) => {
        for (const a of await client.call('accounts.list')) console.log(`${a.id}\t${a.name}`);
      }),
    );

  const token = program.command('token').description('personal access tokens');
  token
    .command('create')
    .description('create a token; prints it (shown only this once)')
    .addOption(dataOption())
    .addOption(storeOption())
    .requiredOption('--account <id-or-name>', 'the account the token acts for')
    .requiredOption('--name <label>', 'a name to recognise the token by')
    .requiredOption('--permissions <list>', `comma-separated: ${PERMISSIONS.join(',')}`, permissionsArg)
    .option('--expires-in-days <n>', 'expire after N days', intArg(1, 3650))
    .action(
      (o: {
        data?: string;
        account: string;
        name: string;
        permissions: ReturnType<typeof parsePermissions>;
        expiresInDays?: number;
      }) =>
        withClient(o, o.account, async (client) => {
          const t = await client.call('tokens.create', {
            body: {
              name: o.name,
              permissions: o.permissions,
              ...(o.expiresInDays ? { expires_in_days: o.expiresInDays } : {}),
            },
          });
          console.log(t.token);
        }),
    );
  token
    .command('list')
    .description("list an account's tokens (never the secret)")
    .addOption(dataOption())
    .addOption(storeOption())
    .requiredOption('--account <id-or-name>', 'account')
    .action((o: { data?: string; account: string }) =>
      withClient(o, o.account, async (client) => {
        for (const t of await client.call('tokens.list'))
          console.log(
            [
              t.id,
              t.prefix + '…',
              t.name,
              t.permissions.join(','),
              t.revoked_at ? 'revoked' : (t.expires_at ?? 'no expiry'),
              t.last_used_at ?? 'never used',
            ].join('\t'),
          );
      }),
    );
  token
    .command('revoke <id>')
    .description('revoke a token at once')
    .addOption(dataOption())
    .addOption(storeOption())
    .requiredOption('--account <id-or-name>', 'account')
    .action((id: string, o: { data?: string; account: string }) =>
      withClient(o, o.account, async (client) => {
        await client.call('tokens.revoke', { params: { id } });
        console.log(`revoked ${id}`);
      }),
    );
}
