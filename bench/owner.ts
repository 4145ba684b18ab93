import type { Core } from '../core/app/index.js';
import { ownerPrincipal } from '../core/platform/operations/principal.js';
import type { Permission } from '../core/shared/schemas/codes.js';

/** A new account and a token of it, made as the station's owner makes them (`station account` / `station token`). */
export async function benchAccount(
  core: Core,
  name: string,
  permissions: Permission[],
): Promise<{ accountId: number; token: string }> {
  const account = await core.execute('accounts.create', { body: { name } }, ownerPrincipal());
  const { token } = await core.execute(
    'tokens.create',
    { body: { name: 'bench', permissions } },
    ownerPrincipal(account.id),
  );
  return { accountId: account.id, token };
}
