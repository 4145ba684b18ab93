import type { DeliveryState, WebhookEvent } from '../../shared/schemas/codes.js';

/** A webhook endpoint as stored. */
export interface WebhookRecord {
  id: number;
  account_id: number;
  url: string;
  description: string | null;
  events: WebhookEvent[];
  /** `whsec_…`: the signing secret. */
  secret: string;
  /** The secret a rotation replaced; it signs beside `secret` until `previous_until`. */
  previous_secret: string | null;
  previous_until: number | null;
  enabled: boolean;
  /** Why the station stopped sending (`gone`: the receiver answered 410), or null. */
  disabled_reason: string | null;
  created_at: number;
  updated_at: number;
}

/** One message to one endpoint: sent until the receiver takes it or the schedule is spent. */
export interface DeliveryRecord {
  id: number;
  webhook_id: number;
  account_id: number;
  message_id: string;
  type: string;
  body: string;
  state: DeliveryState;
  attempts: number;
  /** Pending: when it is next due (while a worker holds it, when its hold runs out). */
  next_at: number | null;
  last_status: number | null;
  last_error: string | null;
  last_attempt_at: number | null;
  created_at: number;
}

/** A delivery a worker holds, with what it needs to send it. */
export interface ClaimedDelivery extends DeliveryRecord {
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_until: number | null;
}

/** What one attempt ended in. */
export interface AttemptResult {
  id: number;
  /** The hold it was sent under: a result of a hold that ran out (another worker took it) is not written. */
  claim: string;
  state: DeliveryState;
  attempts: number;
  next_at: number | null;
  last_status: number | null;
  last_error: string | null;
  at: number;
}

export interface WebhookStore {
  insert(w: Omit<WebhookRecord, 'id'>): Promise<number>;
  byId(accountId: number, id: number): Promise<WebhookRecord | undefined>;
  list(accountId: number): Promise<WebhookRecord[]>;
  /** Writes url, description, events, secrets and enabled of `w`. */
  update(w: WebhookRecord): Promise<void>;
  /** Removes the endpoint and its deliveries. */
  remove(accountId: number, id: number): Promise<boolean>;
  /** An endpoint's deliveries, newest first. */
  deliveries(webhookId: number, limit: number, offset: number): Promise<{ rows: DeliveryRecord[]; total: number }>;
  delivery(webhookId: number, id: number): Promise<DeliveryRecord | undefined>;
  /** One delivery outside any subscription (the test event). */
  insertDelivery(d: Omit<DeliveryRecord, 'id'>): Promise<number>;
  /** Due now, the attempts so far kept: a failed delivery gets another round of the schedule. */
  retryNow(id: number, now: number): Promise<void>;
  /** When the next delivery of an enabled endpoint is due, if any is pending. */
  nextDue(): Promise<number | null>;
  /**
   * Takes up to `limit` deliveries due at `now` of enabled endpoints, each held by `claim` until `holdUntil` (its
   * `next_at`): a worker that dies holding one leaves it to be taken again then. On PostgreSQL the rows are taken
   * with `FOR UPDATE SKIP LOCKED`, so stations sharing the database never take the same one.
   */
  claim(now: number, holdUntil: number, claim: string, limit: number): Promise<ClaimedDelivery[]>;
  /** Frees what the worker `claim` held (it is known to be dead): due again at `now`. */
  release(claim: string, now: number): Promise<number>;
  /** The holders of deliveries held now, to find the dead among them. */
  holders(now: number): Promise<string[]>;
  /**
   * Writes attempts' results, each if its hold is still its `claim`'s; answers the ids written. One statement for the
   * whole batch: on PostgreSQL a round trip per result was most of what writing them cost the serving thread.
   */
  settle(results: AttemptResult[]): Promise<number[]>;
  /** Stops sending to an endpoint (410 Gone). */
  disable(id: number, reason: string, now: number): Promise<void>;
  /** Deletes at most `most` of the delivered deliveries whose last attempt was before `before`; answers how many. */
  prune(before: number, most: number): Promise<number>;
}
