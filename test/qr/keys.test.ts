import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createLocalJWKSet, decodeProtectedHeader, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, startInProcess, type Station } from '../helpers/station.js';
import { accountWithToken, createShipment } from '../labels/fixtures.js';

/** QR signing keys: made at first start, kept 0600, rotated and retired with `station keys`, checked with `station verify`. */
describe('QR token keys and station verify', () => {
  let s: Station;
  let token: string;
  let acc: number;
  let code: string;
  let first: string;

  const qr = async (of = code) => (await s.request('GET', `/labels/qr?code=${of}`, { token })).body.qr as string;
  const kidOf = (t: string) => decodeProtectedHeader(t).kid;
  const jwks = async () => (await s.request('GET', '/.well-known/jwks.json')).body as { keys: Array<{ kid: string }> };

  beforeAll(async () => {
    s = await startInProcess();
    ({ id: acc, token } = await accountWithToken(s, 'acme', ALL_PERMISSIONS));
    code = (await createShipment(s, token)).code;
    first = await qr();
  });
  afterAll(() => s.stop());

  it('made one key at first start, in a private file', () => {
    const dir = join(s.dataDir, 'keys');
    const files = readdirSync(dir);
    expect(files).toEqual([`${kidOf(first)}.json`]);
    expect(statSync(join(dir, files[0]!)).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('publishes the public key only, without a token', async () => {
    const r = await s.request('GET', '/.well-known/jwks.json');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('application/jwk-set+json');
    expect(r.body.keys).toEqual([
      { kty: 'OKP', crv: 'Ed25519', x: expect.any(String), kid: kidOf(first), alg: 'EdDSA', use: 'sig' },
    ]);
  });

  it('verifies a token offline and prints the code and account', async () => {
    const r = await s.cli(['verify', first]);
    expect(r).toMatchObject({ code: 0, stdout: `${code} ${acc}\n` });
  });

  it('says why a token is invalid: exit 1 and the reason', async () => {
    const [h, p, sig] = first.split('.') as [string, string, string];
    const flipped = p.slice(0, 5) + (p[5] === 'A' ? 'B' : 'A') + p.slice(6);
    const bad = await s.cli(['verify', `${h}.${flipped}.${sig}`]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('bad signature');

    // The other reasons through the same verifier the command uses (each CLI run costs a process start).
    const qrTokens = s.services!.qr;
    await expect(qrTokens.verify('not-a-token')).rejects.toThrow(/^malformed/);
    await expect(qrTokens.verify(`${h}.${p}`)).rejects.toThrow(/^malformed/);
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const foreign = await new SignJWT({ code, acc })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'AAAAAAAAAAAAAAAA' })
      .setIssuedAt()
      .sign(privateKey);
    await expect(qrTokens.verify(foreign)).rejects.toThrow(/^unknown key/);
  });

  it('rotates while serving: new tokens use the new key, old tokens keep verifying and stay fixed', async () => {
    const rotated = await s.cli(['keys', 'rotate']);
    expect(rotated.code).toBe(0);
    const newKid = rotated.stdout.trim();
    expect(newKid).not.toBe(kidOf(first));

    // A shipment's token is fixed with its first label or QR: the older shipment keeps the older key's.
    expect(await qr()).toBe(first);
    const second = await qr((await createShipment(s, token)).code);
    expect(kidOf(second)).toBe(newKid);
    const set = await jwks();
    expect(set.keys.map((k) => k.kid)).toEqual([kidOf(first), newKid]);
    for (const t of [first, second]) expect((await jwtVerify(t, createLocalJWKSet(set))).payload.acc).toBe(acc);
    expect((await s.services!.qr.verify(first)).code).toBe(code);

    const list = await s.cli(['keys', 'list']);
    expect(list.stdout).toMatch(
      new RegExp(`^${kidOf(first)}\\t\\S+\\t-\\tpublished\\n${newKid}\\t\\S+\\t-\\tsigning\\n$`),
    );
  });

  it('a retired key is no longer published and its tokens no longer verify; the signing key cannot be retired', async () => {
    const signing = kidOf(await qr((await createShipment(s, token)).code))!;
    await expect(s.services!.keys.retire(signing)).rejects.toThrow(/rotate first/);

    expect((await s.cli(['keys', 'retire', kidOf(first)!])).code).toBe(0);
    expect((await jwks()).keys.map((k) => k.kid)).toEqual([signing]);
    const r = await s.cli(['verify', first]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('retired key');
  });
});
