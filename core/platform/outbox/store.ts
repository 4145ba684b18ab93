import type { WebhookEvent } from '../../shared/schemas/codes.js';

/** A message of the outbox as a feature writes it, inside the transaction of the change it announces. */
export interface OutboxMessage {
  account_id: number;
  type: WebhookEvent;
  /** The `webhook-id` of every delivery of this message, retries included. */
  message_id: string;
  /** The exact bytes sent and signed: `{id, type, timestamp, data}` (announce.ts, `messageBody`). */
  body: string;
  /** Wall-clock ms: when it was written, and due. */
  at: number;
}

/**
 * The outbox: what a change that integrators may follow writes beside the change itself. A message becomes one
 * delivery per endpoint of its account that subscribes to its type (none: nothing is written).
 */
export interface OutboxStore {
  /** Whether an endpoint of the account subscribes to `type` (else the message is not even made). */
  wants(accountId: number, type: WebhookEvent): Promise<boolean>;
  /** Answers how many deliveries were written. */
  enqueue(m: OutboxMessage): Promise<number>;
}
