import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * Signing by the Standard Webhooks reference library itself (standardwebhooks on npm), so that what the station
 * sends is what that library and its siblings in other languages verify: `v1,` + base64 HMAC-SHA256 of
 * `id.timestamp.body` under the secret's bytes.
 */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export interface Signer {
  secret: string;
  previous_secret: string | null;
  previous_until: number | null;
}

/** The `webhook-signature` header: the secret's signature, and the previous one's while it still signs. */
export function signatureHeader(w: Signer, messageId: string, at: Date, body: string): string {
  const sigs = [new Webhook(w.secret).sign(messageId, at, body)];
  if (w.previous_secret && w.previous_until !== null && at.getTime() < w.previous_until)
    sigs.push(new Webhook(w.previous_secret).sign(messageId, at, body));
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
