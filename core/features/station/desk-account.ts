import { DomainError, notFound } from '../../shared/errors.js';
import type { AuthService } from '../auth/service.js';
import { ownerPrincipal, type Principal } from '../../platform/operations/principal.js';
import { DESK_TOKEN_NAME, PERMISSIONS } from '../../shared/schemas/codes.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import type { SettingsStore } from './store.js';

/** Where the desk works until the station's owner chooses another account. */
export const DESK_ACCOUNT = 'Desk';
const CHOSEN = 'desk.account';
/** The desk credentials in use: one per station of the store (stations of a site share a PostgreSQL database). */
const CREDENTIALS = 'desk.tokens';

interface Credential {
  account: number;
  token: number;
}

/**
 * The account the desk works in, and the desk's own credential: a token of that account with every permission, made
 * by the station (its owner), never by another token. The desk credential is the station's owner at the bench, so it
 * alone (and the `station` command) may see every account and move the desk to another: a token of an account,
 * whatever its permissions, never reaches another account this way. Moving the desk makes a token for the new
 * account and revokes the one it replaces (and every token made with it): what the desk did stays in its account.
 */
export function createDeskAccount(db: UnitOfWork<{ settings: SettingsStore }>, auth: AuthService) {
  const settings = db.stores.settings;

  /** The chosen account, else "Desk" (made on first use); a chosen account that is gone falls back to it too. */
  async function current() {
    const chosen = await settings.get(CHOSEN);
    const accounts = await auth.accounts();
    return (
      accounts.find((a) => String(a.id) === chosen) ??
      accounts.find((a) => a.name === DESK_ACCOUNT) ??
      (await auth.createAccount(DESK_ACCOUNT))
    );
  }

  const parse = (v: string | undefined): Credential[] => JSON.parse(v ?? '[]') as Credential[];
  const credentials = async () => parse(await settings.get(CREDENTIALS));

  const isDesk = async (principal: Principal) =>
    principal.owner || (await credentials()).some((c) => c.token === principal.tokenId);

  async function assertDesk(principal: Principal) {
    if (!(await isDesk(principal)))
      throw new DomainError('forbidden', "only the desk's own credential chooses the account the desk works in", {
        extra: { permission: 'station.admin' },
      });
  }

  /** The account `principal` works in; for the desk (or the owner) with the station's accounts to choose from. */
  async function choices(principal: Principal) {
    const desk = await isDesk(principal);
    const { id, name } = principal.owner ? await current() : await auth.findAccount(principal.accountId);
    const accounts = desk ? (await auth.accounts()).map((a) => ({ id: a.id, name: a.name })) : [];
    return { account: { id, name }, desk, accounts };
  }

  /**
   * A desk credential for the current account, replacing `before` (the token the desk had, from its file or the
   * request that moves it): that one is revoked.
   */
  async function issue(before: { accountId: number; tokenId: number | null } | null): Promise<string> {
    const account = await current();
    const { token, info } = await auth.createToken({
      account: account.id,
      name: DESK_TOKEN_NAME,
      permissions: PERMISSIONS,
    });
    await db.transaction(async (tx) => {
      const list = parse(await tx.settings.get(CREDENTIALS));
      const kept = list.filter((c) => c.token !== before?.tokenId);
      await tx.settings.put(CREDENTIALS, JSON.stringify([...kept, { account: account.id, token: info.id }]));
    });
    if (before?.tokenId != null) await auth.revokeToken(before.accountId, before.tokenId);
    return token;
  }

  return {
    issue,

    get: choices,

    /** Moves the desk to `accountId`: the answer's `token` is the desk's credential from now on. */
    async choose(principal: Principal, accountId: number) {
      await assertDesk(principal);
      if (!(await auth.accounts()).some((a) => a.id === accountId)) throw notFound(`account ${accountId}`);
      await db.transaction((tx) => tx.settings.put(CHOSEN, String(accountId)));
      const token = await issue(principal);
      const { account, accounts } = await choices(ownerPrincipal());
      return { account, desk: true, accounts, token };
    },
  };
}

export type DeskAccount = ReturnType<typeof createDeskAccount>;
