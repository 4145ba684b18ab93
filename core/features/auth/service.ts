import { isoOrNull, type Clock } from '../../platform/clock.js';
import { DomainError, fieldError, isStorageFull, notFound, rangeError } from '../../shared/errors.js';
import { PERMISSIONS, type Permission } from '../../shared/schemas/codes.js';
import type { Principal } from '../../platform/operations/principal.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import { createCredentials } from './credentials.js';
import type { TokenInfoT } from './schemas.js';
import type { AccountRecord, AuthStore, TokenRecord } from './store.js';
import { displayPrefix, generateToken, hashToken, isWellFormed, sameHash } from './token-format.js';

const DAY_MS = 86_400_000;
/** last_used_at is informative; writing it on every request would make every read a write. */
const TOUCH_INTERVAL_MS = 60_000;

function tokenInfo(t: TokenRecord): TokenInfoT {
  return {
    id: t.id,
    account: t.account_id,
    name: t.name,
    prefix: t.prefix,
    permissions: t.permissions,
    created_at: isoOrNull(t.created_at)!,
    expires_at: isoOrNull(t.expires_at),
    revoked_at: isoOrNull(t.revoked_at),
    last_used_at: isoOrNull(t.last_used_at),
    made_by: t.parent_id,
  };
}

/** An account's or a token's name: 1 to 200 characters once trimmed. */
const nameLength = (name: string) =>
  name
    ? fieldError('/name', 'max_length', 'must be 1 to 200 characters', { limit: 200 })
    : fieldError('/name', 'min_length', 'must be 1 to 200 characters', { limit: 1 });

export function parsePermissions(list: string | readonly string[]): Permission[] {
  const items = (typeof list === 'string' ? list.split(',') : [...list]).map((p) => p.trim()).filter(Boolean);
  const bad = items.filter((p) => !(PERMISSIONS as readonly string[]).includes(p));
  if (bad.length)
    throw fieldError(
      '/permissions',
      'unknown',
      `unknown permission ${bad.join(', ')}; allowed: ${PERMISSIONS.join(', ')}`,
      { value: bad, allowed: PERMISSIONS },
    );
  if (!items.length) throw fieldError('/permissions', 'min_items', 'at least one permission is required', { limit: 1 });
  return [...new Set(items)] as Permission[];
}

/** A token to make, for the `station` command or a service that binds one to another's lifetime. */
export interface TokenRequest {
  account: string | number;
  name: string;
  permissions: string | readonly string[];
  expiresInDays?: number;
  /** An exact expiry (ms), for tokens bound to another token's lifetime. */
  expiresAt?: number | null;
  /** The token making this one: it ends when its maker does. */
  madeBy?: number | null;
}

/** A token made: the token itself (shown once; only its hash is stored) and what the API says of it. */
export interface MadeToken {
  token: string;
  info: TokenInfoT;
}

/** The accounts, their tokens, and who a bearer is. */
export interface AuthService {
  createAccount(name: string): Promise<AccountRecord>;
  /** An account by its id or its name; 404 when none. */
  findAccount(idOrName: string | number): Promise<AccountRecord>;
  accounts(): Promise<AccountRecord[]>;
  /** Returns the token itself once; only its hash is stored. */
  createToken(opts: TokenRequest): Promise<MadeToken>;
  /**
   * A token made by a caller: for the caller's account, with no permission the caller lacks, expiring no later
   * than the caller's own token.
   */
  createTokenFor(
    principal: Principal,
    req: { name: string; permissions: string[]; expires_in_days?: number },
  ): Promise<MadeToken>;
  /** The caller's own token; the owner (the `station` command) uses none. */
  currentToken(principal: Principal): Promise<TokenInfoT>;
  listTokens(account: string | number): Promise<TokenInfoT[]>;
  tokenOf(accountId: number, tokenId: number): Promise<TokenInfoT>;
  /**
   * Revokes a token of the account and every token it made. A caller (`by`; absent for the CLI, which acts for
   * the station's owner) may revoke only a token whose permissions it holds all of: a narrow token must not
   * switch off a broader one.
   */
  revokeToken(accountId: number, tokenId: number, by?: Principal): Promise<TokenInfoT>;
  /** Resolves an Authorization header value to the caller, or fails with 401 whatever is wrong. */
  authenticate(authorization: string | undefined): Promise<Principal>;
}

export function createAuthService(db: UnitOfWork<{ auth: AuthStore }>, clock: Clock): AuthService {
  const store = db.stores.auth;
  const credentials = createCredentials(store);
  const lastTouched = new Map<number, number>();

  function unauthenticated(detail: string): DomainError {
    return new DomainError('unauthenticated', detail);
  }

  async function findAccount(idOrName: string | number): Promise<AccountRecord> {
    const account =
      typeof idOrName === 'number' || /^\d+$/.test(idOrName)
        ? await store.accountById(Number(idOrName))
        : await store.accountByName(idOrName);
    if (!account) throw notFound(`account ${idOrName}`);
    return account;
  }

  async function tokenOf(accountId: number, tokenId: number): Promise<TokenInfoT> {
    const t = await store.tokenById(tokenId);
    if (!t || t.account_id !== accountId) throw notFound(`token ${tokenId}`);
    return tokenInfo(t);
  }

  /** Returns the token itself once; only its hash is stored. */
  async function createToken(opts: TokenRequest): Promise<MadeToken> {
    const account = await findAccount(opts.account);
    const name = opts.name.trim();
    if (!name || name.length > 200) throw nameLength(name);
    const permissions = parsePermissions(opts.permissions);
    if (
      opts.expiresInDays !== undefined &&
      !(Number.isInteger(opts.expiresInDays) && opts.expiresInDays > 0 && opts.expiresInDays <= 3650)
    )
      throw rangeError('/expires_in_days', 'must be a whole number of days from 1 to 3650', opts.expiresInDays, {
        min: 1,
        max: 3650,
        integer: true,
      });
    const now = clock.now().getTime();
    const token = generateToken();
    const info = await db.transaction(async (tx) => {
      const id = await tx.auth.insertToken({
        account_id: account.id,
        name,
        prefix: displayPrefix(token),
        hash: hashToken(token),
        permissions,
        created_at: now,
        expires_at: opts.expiresAt ?? (opts.expiresInDays ? now + opts.expiresInDays * DAY_MS : null),
        parent_id: opts.madeBy ?? null,
      });
      return tokenInfo((await tx.auth.tokenById(id))!);
    });
    return { token, info };
  }

  return {
    async createAccount(name: string): Promise<AccountRecord> {
      const trimmed = name.trim();
      if (!trimmed || trimmed.length > 200) throw nameLength(trimmed);
      if (/^\d+$/.test(trimmed))
        throw fieldError('/name', 'format', 'must not be only digits (it would read as an id)', {
          format: 'account_name',
        });
      return db.transaction(async (tx) => {
        if (await tx.auth.accountByName(trimmed))
          throw fieldError('/name', 'taken', `an account named ${trimmed} exists`);
        return (await tx.auth.accountById(await tx.auth.insertAccount(trimmed, clock.now().getTime())))!;
      });
    },

    findAccount,
    accounts: () => store.accounts(),
    createToken,

    /**
     * A token made by a caller: for the caller's account, with no permission the caller lacks, expiring no later
     * than the caller's own token.
     */
    async createTokenFor(principal: Principal, req: { name: string; permissions: string[]; expires_in_days?: number }) {
      const missing = req.permissions.filter((p) => !principal.permissions.has(p as Permission));
      if (missing.length)
        throw new DomainError('forbidden', `a token cannot grant permissions it lacks: ${missing.join(', ')}`, {
          extra: { permission: missing[0] },
        });
      const now = clock.now().getTime();
      const own = principal.tokenId === null ? null : ((await store.tokenById(principal.tokenId))?.expires_at ?? null);
      const wanted = req.expires_in_days === undefined ? null : now + req.expires_in_days * DAY_MS;
      if (own !== null && wanted !== null && wanted > own)
        throw fieldError(
          '/expires_in_days',
          'maximum',
          `must end by ${new Date(own).toISOString()}: a token cannot outlive the one creating it`,
          { limit: Math.floor((own - now) / DAY_MS) },
        );
      return createToken({
        account: principal.accountId,
        name: req.name,
        permissions: req.permissions,
        expiresAt: wanted ?? own,
        madeBy: principal.tokenId,
      });
    },

    /** The caller's own token; the owner (the `station` command) uses none. */
    async currentToken(principal: Principal): Promise<TokenInfoT> {
      const t = principal.tokenId === null ? undefined : await store.tokenById(principal.tokenId);
      if (!t) throw notFound('token: this caller uses none');
      return tokenInfo(t);
    },

    listTokens: async (account: string | number) =>
      (await store.tokensOf((await findAccount(account)).id)).map(tokenInfo),

    tokenOf,

    /**
     * Revokes a token of the account and every token it made. A caller (`by`; absent for the CLI, which acts for
     * the station's owner) may revoke only a token whose permissions it holds all of: a narrow token must not
     * switch off a broader one.
     */
    async revokeToken(accountId: number, tokenId: number, by?: Principal): Promise<TokenInfoT> {
      const t = await tokenOf(accountId, tokenId);
      const missing = by ? t.permissions.filter((p) => !by.permissions.has(p)) : [];
      if (missing.length)
        throw new DomainError(
          'forbidden',
          `a token can revoke only tokens whose permissions it holds; it lacks ${missing.join(', ')}`,
          { extra: { permission: missing[0] } },
        );
      return db.transaction(async (tx) => {
        await tx.auth.revoke(tokenId, clock.now().getTime());
        return tokenInfo((await tx.auth.tokenById(tokenId))!);
      });
    },

    /** Resolves an Authorization header value to the caller, or fails with 401 whatever is wrong. */
    async authenticate(authorization: string | undefined): Promise<Principal> {
      if (!authorization) throw unauthenticated('missing Authorization header; send Authorization: Bearer <token>');
      const m = /^Bearer +(\S+)\s*$/i.exec(authorization);
      if (!m) throw unauthenticated('malformed Authorization header; send Authorization: Bearer <token>');
      const token = m[1]!;
      if (!isWellFormed(token)) throw unauthenticated('invalid token');
      const hash = hashToken(token);
      const credential = await credentials.byHash(hash);
      if (!credential || !sameHash(credential.row.hash, hash)) throw unauthenticated('invalid token');
      const { row, standing, permissions } = credential;
      const now = clock.now().getTime();
      if (standing.revoked) throw unauthenticated('token revoked');
      if (standing.expires_at !== null && standing.expires_at <= now) throw unauthenticated('token expired');
      if (now - (lastTouched.get(row.id) ?? 0) >= TOUCH_INTERVAL_MS) {
        lastTouched.set(row.id, now);
        try {
          await db.transaction((tx) => tx.auth.touch(row.id, now));
        } catch (e) {
          // Informative only: on a full disk the request goes on (reads keep working), the time is written later.
          if (!isStorageFull(e)) throw e;
        }
      }
      return { accountId: row.account_id, permissions, tokenId: row.id, owner: false };
    },
  };
}
