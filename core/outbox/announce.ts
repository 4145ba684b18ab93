import { randomBytes } from 'node:crypto';
import type { WebhookEvent } from '../schemas/codes.js';
import type { OutboxStore } from './store.js';

/** The stores a feature announces with: the outbox, inside the transaction of the change. */
export interface OutboxTx {
  outbox: OutboxStore;
}

/** A Standard Webhooks message id: unique per message, the same on every retry of it. */
export const messageId = () => `msg_${randomBytes(16).toString('base64url')}`;

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
  const timestamp = new Date(changedAt).toISOString();
  await tx.outbox.enqueue({
    account_id: accountId,
    type,
    message_id: messageId(),
    body: JSON.stringify({ type, timestamp, data: await data() }),
    // Due at once, by the wall clock the worker's timers run on (the service clock may be frozen in tests).
    at: Date.now(),
  });
}
