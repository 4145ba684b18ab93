import { decodeProtectedHeader, errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../platform/clock.js';
import type { KeyStore, PublicJwk } from './keys.js';

/** What a label's QR proves: this shipment code of this account, signed by the station at `iat`. */
export interface QrClaims {
  code: string;
  acc: number;
  iat: number;
  kid: string;
}

export type InvalidReason = 'malformed' | 'unknown key' | 'retired key' | 'bad signature';

export class InvalidQrToken extends Error {
  constructor(
    readonly reason: InvalidReason,
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'InvalidQrToken';
  }
}

/**
 * QR tokens: compact JWS, EdDSA over Ed25519, `kid` in the header, payload `{code, acc, iat}` (jose does the JOSE
 * encoding and the signature checks; nothing of it is hand-written).
 */
export function createQrTokens(keys: KeyStore, clock: Clock) {
  return {
    async sign(code: string, acc: number): Promise<string> {
      const key = await keys.ensureActive();
      return new SignJWT({ code, acc })
        .setProtectedHeader({ alg: 'EdDSA', kid: key.kid })
        .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
        .sign(await keys.privateKey(key));
    },

    /** Whether `token` was signed by a key of this station that still verifies (one not retired). */
    async isLive(token: string): Promise<boolean> {
      let kid: unknown;
      try {
        ({ kid } = decodeProtectedHeader(token));
      } catch {
        return false;
      }
      return typeof kid === 'string' && (await keys.find(kid))?.retired_at === null;
    },

    /** The published key set (`/.well-known/jwks.json`): every key that is not retired. */
    async jwks(): Promise<{ keys: PublicJwk[] }> {
      await keys.ensureActive();
      return {
        keys: (await keys.list()).filter((k) => k.retired_at === null).map((k) => keys.publicJwk(k)),
      };
    },

    /** Checks a scanned token against the store's keys (offline on SQLite); throws InvalidQrToken saying why. */
    async verify(token: string): Promise<QrClaims> {
      let kid: unknown;
      try {
        ({ kid } = decodeProtectedHeader(token.trim()));
      } catch {
        throw new InvalidQrToken('malformed', 'not a compact JWS');
      }
      if (typeof kid !== 'string') throw new InvalidQrToken('malformed', 'the header has no kid');
      const key = await keys.find(kid);
      if (!key) throw new InvalidQrToken('unknown key', `no key ${kid} in this station`);
      if (key.retired_at !== null) throw new InvalidQrToken('retired key', `key ${kid} was retired`);
      try {
        const { payload } = await jwtVerify(token.trim(), await keys.publicKey(key), {
          algorithms: ['EdDSA'],
        });
        const { code, acc, iat } = payload as Record<string, unknown>;
        if (typeof code !== 'string' || typeof acc !== 'number' || typeof iat !== 'number')
          throw new InvalidQrToken('malformed', 'the payload lacks code, acc or iat');
        return { code, acc, iat, kid };
      } catch (e) {
        if (e instanceof InvalidQrToken) throw e;
        if (e instanceof errors.JWSSignatureVerificationFailed)
          throw new InvalidQrToken('bad signature', 'the signature does not match');
        throw new InvalidQrToken('malformed', (e as Error).message);
      }
    },
  };
}

export type QrTokens = ReturnType<typeof createQrTokens>;
