import { createPublicKey, generateKeyPairSync, randomBytes, type JsonWebKey } from 'node:crypto';
import { importJWK, type CryptoKey, type JWK } from 'jose';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { Clock } from '../clock.js';
import { DomainError, notFound } from '../errors.js';

/** One signing key as kept on disk: `<data>/keys/<kid>.json`, mode 0600. */
export interface KeyRecord {
  kid: string;
  created_at: number;
  retired_at: number | null;
  /** The private Ed25519 key as a JWK (kty OKP, crv Ed25519, x, d). */
  jwk: JsonWebKey;
}

/** A public key as the JWKS publishes it. */
export interface PublicJwk {
  kty: string;
  crv: string;
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

const KEY_FILE = /^([A-Za-z0-9_-]{16})\.json$/;

/**
 * The station's QR signing keys: files in one folder, so that `station verify` works offline from the data
 * directory alone and `station keys rotate` works while `serve` runs. The newest key that is not retired signs;
 * every key that is not retired is published and verifies. Processes notice a rotation by the folder's mtime
 * (every write is a rename into the folder, which changes it).
 */
export function createKeyStore(dir: string, clock: Clock) {
  let cache: { mtimeMs: number; records: KeyRecord[] } | null = null;
  const privateKeys = new Map<string, Promise<CryptoKey>>();
  const publicKeys = new Map<string, Promise<CryptoKey>>();

  function load(): KeyRecord[] {
    if (!existsSync(dir)) return [];
    const mtimeMs = statSync(dir).mtimeMs;
    if (cache?.mtimeMs === mtimeMs) return cache.records;
    const records = readdirSync(dir)
      .filter((f) => KEY_FILE.test(f))
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as KeyRecord)
      .sort((a, b) => a.created_at - b.created_at || a.kid.localeCompare(b.kid));
    cache = { mtimeMs, records };
    return records;
  }

  function save(r: KeyRecord): void {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = join(dir, `${r.kid}.json`);
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(r, null, 2), { mode: 0o600 });
    // mode on create is filtered by the umask; chmod makes it exactly 0600 whatever the umask.
    chmodSync(tmp, 0o600);
    renameSync(tmp, file);
    cache = null;
  }

  function create(): KeyRecord {
    const { privateKey } = generateKeyPairSync('ed25519');
    const r: KeyRecord = {
      kid: randomBytes(12).toString('base64url'),
      created_at: clock.now().getTime(),
      retired_at: null,
      jwk: privateKey.export({ format: 'jwk' }),
    };
    save(r);
    return r;
  }

  function find(kid: string): KeyRecord | undefined {
    return load().find((r) => r.kid === kid);
  }

  function active(): KeyRecord | undefined {
    return load()
      .filter((r) => r.retired_at === null)
      .at(-1);
  }

  return {
    list: load,
    find,
    active,

    /** The signing key; made at first start (first use) when the folder has none. */
    ensureActive: (): KeyRecord => active() ?? create(),

    /** A new signing key; older keys stay published, so labels already printed keep verifying. */
    rotate: create,

    /** Stops publishing `kid`: tokens signed with it no longer verify. The signing key cannot be retired. */
    retire(kid: string): KeyRecord {
      const r = find(kid);
      if (!r) throw notFound(`key ${kid}`);
      if (r.retired_at !== null) return r;
      if (active()?.kid === kid) throw new DomainError('invalid_state', `key ${kid} is the signing key; rotate first`);
      const retired = { ...r, retired_at: clock.now().getTime() };
      save(retired);
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

export const keysDir = (dataDir: string) => join(dataDir, 'keys');
