import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Core } from '../index.js';
import { ownerPrincipal } from '../operations/principal.js';
import { DESK_TOKEN_NAME, PERMISSIONS } from '../schemas/codes.js';

const FILE = 'desk-token';
const DESK_ACCOUNT = 'Desk';

/**
 * The desktop app acts for one account through a token of its own, kept in the data folder (mode 0600) beside
 * the database it unlocks. On first start it creates the "Desk" account and that token (as the station's owner,
 * through the operations); a revoked or lost token is replaced at the next start.
 */
export async function deskToken(core: Core): Promise<string> {
  const file = join(core.dataDir, FILE);
  if (existsSync(file)) {
    const token = readFileSync(file, 'utf8').trim();
    try {
      await core.authenticate(`Bearer ${token}`);
      return token;
    } catch {
      /* revoked or expired: issue a new one below */
    }
  }
  const owner = ownerPrincipal();
  const account =
    (await core.execute('accounts.list', {}, owner)).find((a) => a.name === DESK_ACCOUNT) ??
    (await core.execute('accounts.create', { body: { name: DESK_ACCOUNT } }, owner));
  const { token } = await core.execute(
    'tokens.create',
    { body: { name: DESK_TOKEN_NAME, permissions: [...PERMISSIONS] } },
    ownerPrincipal(account.id),
  );
  writeFileSync(file, token + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return token;
}
