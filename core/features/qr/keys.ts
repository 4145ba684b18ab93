import { createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { importJWK, type CryptoKey, type JWK } from 'jose';
import type { Clock } from '../../platform/clock.js';
import { DomainError, notFound } from '../../shared/errors.js';
import type { KeyRecord, SigningKeyStore } from './store.js';

export type { KeyRecord } from './store.js';

/** A public key as the JWKS publishes it. */
export interface PublicJwk {
  kty: string;
  crv: string;
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

/**
 * The station's QR signing keys, kept with the store (`SigningKeyStore`) so that every station of one store signs
 * with them and publishes them all. The newest key that is not retired signs; every key that is not retired is
 * published and verifies.
 */
export function createKeyStore(store: SigningKeyStore, clock: Clock) {
  const privateKeys = new Map<string, Promise<CryptoKey>>();
  const publicKeys = new Map<string, Promise<CryptoKey>>();

  async function create(): Promise<KeyRecord> {
    const { privateKey } = generateKeyPairSync('ed25519');
    const r: KeyRecord = {
      kid: randomBytes(12).toString('base64url'),
      created_at: clock.now().getTime(),
      retired_at: null,
      jwk: privateKey.export({ format: 'jwk' }),
    };
    await store.save(r);
    return r;
  }

  const find = async (kid: string) => (await store.all()).find((r) => r.kid === kid);
  const active = async () => (await store.all()).filter((r) => r.retired_at === null).at(-1);

  return {
    list: () => store.all(),
    find,
    active,

    /** The signing key; made at first start (first use) when the store has none. */
    ensureActive: async (): Promise<KeyRecord> => (await active()) ?? create(),

    /** A new signing key; older keys stay published, so labels already printed keep verifying. */
    rotate: create,

    /** Stops publishing `kid`: tokens signed with it no longer verify. The signing key cannot be retired. */
    async retire(kid: string): Promise<KeyRecord> {
      const r = await find(kid);
      if (!r) throw notFound(`key ${kid}`);
      if (r.retired_at !== null) return r;
      if ((await active())?.kid === kid)
        throw new DomainError('invalid_state', `key ${kid} is the signing key; rotate first`);
      const retired = { ...r, retired_at: clock.now().getTime() };
      await store.save(retired);
      return retired;
    },

    /**
     * Keys as WebCrypto CryptoKeys, imported once: jose 6 signs through WebCrypto and would otherwise convert a
     * KeyObject on every call (a third of a label's signing time).
     */
    privateKey: (r: KeyRecord): Promise<CryptoKey> =>
      cached(privateKeys, r, () => importJWK(r.jwk as JWK, 'EdDSA') as Promise<CryptoKey>),

    publicKey: (r: KeyRecord): Promise<CryptoKey> => {
      const { d: _private, ...pub } = r.jwk;
      return cached(publicKeys, r, () => importJWK(pub as JWK, 'EdDSA') as Promise<CryptoKey>);
    },

    publicJwk(r: KeyRecord): PublicJwk {
      const pub = createPublicKey({ key: r.jwk, format: 'jwk' }).export({ format: 'jwk' });
      return { kty: pub.kty!, crv: pub.crv!, x: pub.x!, kid: r.kid, alg: 'EdDSA', use: 'sig' };
    },
  };
}

function cached<T>(map: Map<string, T>, r: KeyRecord, make: () => T): T {
  let k = map.get(r.kid);
  if (!k) map.set(r.kid, (k = make()));
  return k;
}

export type KeyStore = ReturnType<typeof createKeyStore>;
