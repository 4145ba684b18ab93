import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the secret's bytes (the
 * base64 after `whsec_`). Written with node:crypto rather than by the `standardwebhooks` package, whose pure-JS
 * SHA-256 took ~0.1 ms a signature here, half a delivery's CPU; the tests verify every message with that package
 * (the reference implementation) and check this function against its `sign`.
 */
export const SECRET_PREFIX = 'whsec_';

export const newSecret = () => `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

const keyOf = (secret: string) => Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');

/** One `v1,` signature of a message sent at `at`. */
export function sign(secret: string, messageId: string, at: Date, body: string): string {
  const seconds = Math.floor(at.getTime() / 1000);
  return `v1,${createHmac('sha256', keyOf(secret)).update(`${messageId}.${seconds}.${body}`).digest('base64')}`;
}

export interface Signer {
  secret: string;
  previous_secret: string | null;
  previous_until: number | null;
}

/** The `webhook-signature` header: the secret's signature, and the previous one's while it still signs. */
export function signatureHeader(w: Signer, messageId: string, at: Date, body: string): string {
  const sigs = [sign(w.secret, messageId, at, body)];
  if (w.previous_secret && w.previous_until !== null && at.getTime() < w.previous_until)
    sigs.push(sign(w.previous_secret, messageId, at, body));
  return sigs.join(' ');
}

/** The headers of one attempt. `webhook-timestamp` is the attempt's, in seconds (receivers refuse old ones). */
export function webhookHeaders(w: Signer, messageId: string, body: string, at: Date): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'ShippingStation-Webhooks/1',
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatureHeader(w, messageId, at, body),
  };
}
