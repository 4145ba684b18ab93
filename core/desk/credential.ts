import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Core } from '../index.js';
import { PERMISSIONS } from '../schemas/codes.js';

const FILE = 'desk-token';
const DESK_ACCOUNT = 'Desk';

/**
 * The desktop app acts for one account through a token of its own, kept in the data folder (mode 0600) beside
 * the database it unlocks. On first start it creates the "Desk" account and that token; a revoked or lost token
 * is replaced at the next start.
 */
export function deskToken(core: Core): string {
  const file = join(core.services.dataDir, FILE);
  if (existsSync(file)) {
    const token = readFileSync(file, 'utf8').trim();
    try {
      core.services.auth.authenticate(`Bearer ${token}`);
      return token;
    } catch {
      /* revoked or expired: issue a new one below */
    }
  }
  const auth = core.services.auth;
  const account = auth.accounts().find((a) => a.name === DESK_ACCOUNT) ?? auth.createAccount(DESK_ACCOUNT);
  const { token } = auth.createToken({ account: account.id, name: 'desktop app', permissions: PERMISSIONS });
  writeFileSync(file, token + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return token;
}
