import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * Personal access tokens look like `sspat_<40 base62>_<6 base62 checksum>`. The fixed prefix lets secret
 * scanners recognise a leaked token; the checksum lets them (and us) reject a mistyped one without a lookup.
 * The store keeps only the SHA-256: the token carries 238 bits of randomness, so a slow hash adds nothing.
 */
export const TOKEN_PREFIX = 'sspat_';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BODY_LENGTH = 40;

function base62(bytes: Buffer, length: number): string {
  let out = '';
  for (const b of bytes) {
    // 248 = 62 * 4: rejecting larger bytes keeps every character equally likely.
    if (b < 248) out += ALPHABET[b % 62];
    if (out.length === length) return out;
  }
  return out;
}

function checksum(body: string): string {
  let n = crc32(body);
  let out = '';
  for (let i = 0; i < 6; i++) {
    out = ALPHABET[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

export function generateToken(): string {
  let body = '';
  while (body.length < BODY_LENGTH) body += base62(randomBytes(64), BODY_LENGTH - body.length);
  return `${TOKEN_PREFIX}${body}_${checksum(body)}`;
}

const SHAPE = new RegExp(`^${TOKEN_PREFIX}([0-9A-Za-z]{${BODY_LENGTH}})_([0-9A-Za-z]{6})$`);

/** True when the text has the shape and checksum of one of our tokens (it may still be unknown). */
export function isWellFormed(token: string): boolean {
  const m = SHAPE.exec(token);
  return !!m && checksum(m[1]!) === m[2];
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export function sameHash(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What is shown in listings so that a person can tell tokens apart without the secret. */
export function displayPrefix(token: string): string {
  return token.slice(0, TOKEN_PREFIX.length + 6);
}
