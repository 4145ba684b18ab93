import { randomBytes } from 'node:crypto';
import type { WebhookEvent } from '../../shared/schemas/codes.js';
import type { OutboxStore } from './store.js';

/** The stores a feature announces with: the outbox, inside the transaction of the change. */
export interface OutboxTx {
  outbox: OutboxStore;
}

/** Random bytes for this many message ids are drawn at once. */
const IDS_PER_DRAW = 256;
let pool = Buffer.alloc(0);
let used = 0;

/**
 * A Standard Webhooks message id: unique per message (16 random bytes), the same on every retry of it. The bytes are
 * drawn for many ids at once: `randomBytes(16)` for each one cost a create ~0.03 ms, as much as its JSON body.
 */
export function messageId(): string {
  if (used === pool.length) {
    pool = randomBytes(16 * IDS_PER_DRAW);
    used = 0;
  }
  used += 16;
  return `msg_${pool.toString('base64url', used - 16, used)}`;
}

/**
 * The body of a message, the exact bytes signed and sent: `id` is its `webhook-id` (a receiver that keeps only the
 * body still drops a repeat by it), `timestamp` when the change happened, `data` what changed.
 */
export function messageBody(id: string, type: string, timestamp: string, data: unknown): string {
  return JSON.stringify({ id, type, timestamp, data });
}

/**
 * Writes the message that announces a change, in the change's own transaction: committed with it or not at all,
 * so an event is never lost nor sent for a change that was rolled back. Sending is the webhook worker's, later.
 * `data` (the resource as the API answers it) is made only when an endpoint of the account subscribes to `type`.
 */
export async function announce(
  tx: OutboxTx,
  accountId: number,
  type: WebhookEvent,
  data: () => unknown,
  changedAt: number,
): Promise<void> {
  if (!(await tx.outbox.wants(accountId, type))) return;
  const id = messageId();
  await tx.outbox.enqueue({
    account_id: accountId,
    type,
    message_id: id,
    body: messageBody(id, type, new Date(changedAt).toISOString(), await data()),
    // Due at once, by the wall clock the worker's timers run on (the service clock may be frozen in tests).
    at: Date.now(),
  });
}
