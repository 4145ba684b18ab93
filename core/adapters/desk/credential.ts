import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Core } from '../../app/index.js';
import { ownerPrincipal, type Principal } from '../../platform/operations/principal.js';

const FILE = 'desk-token';

/** Keeps the desk's credential in the data folder (mode 0600), beside the database it unlocks. */
export function keepDeskToken(core: Core, token: string): void {
  const file = join(core.dataDir, FILE);
  writeFileSync(file, token + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
}

/**
 * The desktop app acts for the account the desk works in (station/desk-account.ts; "Desk" until the owner chooses
 * another) through a credential of its own, kept in the data folder. The one kept serves while it is still the desk's
 * (not revoked, not replaced by a move to another account); else the station makes a new one, revoking the old.
 */
export async function deskToken(core: Core): Promise<string> {
  const file = join(core.dataDir, FILE);
  let kept: Principal | null = null;
  if (existsSync(file)) {
    const token = readFileSync(file, 'utf8').trim();
    try {
      kept = await core.authenticate(`Bearer ${token}`);
      if ((await core.execute('station.desk.get', {}, kept)).desk) return token;
    } catch {
      /* revoked, expired, or not the desk's credential (any more): a new one below */
    }
  }
  const replaces = kept?.tokenId != null ? { account: kept.accountId, token: kept.tokenId } : null;
  const { token } = await core.execute('station.desk.credential', { body: { replaces } }, ownerPrincipal());
  keepDeskToken(core, token);
  return token;
}
