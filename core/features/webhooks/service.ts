import type { Clock } from '../../platform/clock.js';
import { fieldError, notFound } from '../../shared/errors.js';
import { messageBody, messageId } from '../../platform/outbox/announce.js';
import { pageEnvelope, pageWindow } from '../../platform/schemas/common.js';
import { WEBHOOK_TEST_EVENT } from '../../shared/schemas/codes.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import { checkAddresses, RefusedAddress, urlProblem, type HostPolicy } from './guard.js';
import type {
  WebhookCreateT,
  WebhookDeliveryT,
  WebhookPatchT,
  WebhookT,
  WebhookUpdateT,
  WebhookWithSecretT,
} from './schemas.js';
import { newSecret } from './signing.js';
import type { DeliveryRecord, WebhookRecord, WebhookStore } from './store.js';

/** How long the secret a rotation replaced keeps signing beside the new one. */
export const PREVIOUS_SECRET_MS = 24 * 3600_000;

const iso = (ms: number) => new Date(ms).toISOString();

export function webhookView(w: WebhookRecord, now: number): WebhookT {
  return {
    id: w.id,
    url: w.url,
    description: w.description,
    events: w.events,
    enabled: w.enabled,
    disabled_reason: w.disabled_reason,
    previous_secret_until:
      w.previous_secret && w.previous_until !== null && w.previous_until > now ? iso(w.previous_until) : null,
    created_at: iso(w.created_at),
    updated_at: iso(w.updated_at),
  };
}

export function deliveryView(d: DeliveryRecord): WebhookDeliveryT {
  return {
    id: d.id,
    webhook_id: d.webhook_id,
    message_id: d.message_id,
    type: d.type,
    state: d.state,
    attempts: d.attempts,
    last_status: d.last_status,
    last_error: d.last_error,
    last_attempt_at: d.last_attempt_at === null ? null : iso(d.last_attempt_at),
    next_attempt_at: d.state === 'pending' && d.next_at !== null ? iso(d.next_at) : null,
    created_at: iso(d.created_at),
    payload: JSON.parse(d.body) as WebhookDeliveryT['payload'],
  };
}

export interface WebhookServiceDeps {
  db: UnitOfWork<{ webhooks: WebhookStore }>;
  clock: Clock;
  policy: HostPolicy;
  /** Tells the delivery worker that something is due now. */
  wake: () => void;
}

/**
 * An account's webhook endpoints and their deliveries. Times of secrets and deliveries are wall-clock (receivers
 * check `webhook-timestamp` against theirs; retries run on timers); the service clock dates the messages' changes.
 */
/** An account's webhook endpoints, their secrets, and the deliveries made to them. */
export interface WebhookService {
  create(accountId: number, body: WebhookCreateT): Promise<WebhookWithSecretT>;
  list(accountId: number): Promise<{ data: WebhookT[] }>;
  get(accountId: number, id: string): Promise<WebhookT>;
  /** PUT: the whole endpoint; a description left out is none. */
  update(accountId: number, id: string, body: WebhookUpdateT): Promise<WebhookT>;
  /** PATCH: the members sent; the others stay. */
  patch(accountId: number, id: string, body: WebhookPatchT): Promise<WebhookT>;
  remove(accountId: number, id: string): Promise<{ id: number; deleted: true }>;
  /** A new secret; the one it replaces keeps signing beside it for 24 hours, so receivers can switch over. */
  rotate(accountId: number, id: string): Promise<WebhookWithSecretT>;
  deliveries(
    accountId: number,
    id: string,
    q: { page?: number; size?: number },
  ): Promise<{ data: WebhookDeliveryT[]; pages: number; items: number; last: boolean }>;
  /** Sends a delivery again now (a failed one gets the whole schedule again); the same webhook-id. */
  retry(accountId: number, id: string, deliveryId: string): Promise<WebhookDeliveryT>;
  /** A `webhook.test` message to this endpoint alone, through the same outbox and worker as every other. */
  test(accountId: number, id: string): Promise<WebhookDeliveryT>;
}

export function createWebhookService({ db, clock, policy, wake }: WebhookServiceDeps): WebhookService {
  const store = db.stores.webhooks;

  /** The URL's form, then where its host resolves to: refused with the reason, naming `/url`. */
  async function checkUrl(raw: string): Promise<void> {
    const problem = urlProblem(raw, policy);
    // `reason` lets a client say why in its own words (the desk does).
    if (problem)
      throw fieldError(
        '/url',
        problem.code,
        problem.message,
        problem.reason ? { reason: problem.reason } : { format: 'uri' },
      );
    try {
      await checkAddresses(new URL(raw), policy);
    } catch (e) {
      if (e instanceof RefusedAddress)
        throw fieldError('/url', 'not_allowed', `must not reach a private network: ${e.message}`, {
          reason: 'private_address',
          address: e.address,
        });
      // A name that does not exist is a mistake to say now; a resolver that cannot answer (an offline station) is
      // not: every delivery checks the address again before it connects.
      if ((e as NodeJS.ErrnoException).code === 'ENOTFOUND')
        throw fieldError('/url', 'invalid', `its host ${new URL(raw).hostname} does not resolve`);
    }
  }

  async function owned(accountId: number, id: string | number): Promise<WebhookRecord> {
    const w = await store.byId(accountId, Number(id));
    if (!w) throw notFound(`webhook ${id}`);
    return w;
  }

  async function change(accountId: number, id: string, body: WebhookPatchT): Promise<WebhookT> {
    if (body.url !== undefined) await checkUrl(body.url);
    return db.transaction(async (tx) => {
      const w = await tx.webhooks.byId(accountId, Number(id));
      if (!w) throw notFound(`webhook ${id}`);
      const enabled = body.enabled ?? w.enabled;
      const next: WebhookRecord = {
        ...w,
        url: body.url ?? w.url,
        events: body.events ?? w.events,
        description: body.description === undefined ? w.description : body.description,
        enabled,
        disabled_reason: enabled ? null : body.enabled === false ? 'disabled' : w.disabled_reason,
        updated_at: Date.now(),
      };
      await tx.webhooks.update(next);
      return webhookView(next, next.updated_at);
    });
  }

  return {
    async create(accountId: number, body: WebhookCreateT): Promise<WebhookWithSecretT> {
      await checkUrl(body.url);
      const now = Date.now();
      const record: Omit<WebhookRecord, 'id'> = {
        account_id: accountId,
        url: body.url,
        description: body.description ?? null,
        events: body.events,
        secret: newSecret(),
        previous_secret: null,
        previous_until: null,
        enabled: true,
        disabled_reason: null,
        created_at: now,
        updated_at: now,
      };
      const id = await db.transaction((tx) => tx.webhooks.insert(record));
      return { ...webhookView({ ...record, id }, now), secret: record.secret };
    },

    list: async (accountId: number) => ({
      data: (await store.list(accountId)).map((w) => webhookView(w, Date.now())),
    }),

    get: async (accountId: number, id: string) => webhookView(await owned(accountId, id), Date.now()),

    /** PUT: the whole endpoint; a description left out is none. */
    update: (accountId: number, id: string, body: WebhookUpdateT): Promise<WebhookT> =>
      change(accountId, id, { description: null, ...body }),

    /** PATCH: the members sent; the others stay. */
    patch: (accountId: number, id: string, body: WebhookPatchT): Promise<WebhookT> => change(accountId, id, body),

    async remove(accountId: number, id: string) {
      const w = await owned(accountId, id);
      await db.transaction((tx) => tx.webhooks.remove(accountId, w.id));
      return { id: w.id, deleted: true as const };
    },

    /** A new secret; the one it replaces keeps signing beside it for 24 hours, so receivers can switch over. */
    rotate: (accountId: number, id: string): Promise<WebhookWithSecretT> =>
      db.transaction(async (tx) => {
        const w = await tx.webhooks.byId(accountId, Number(id));
        if (!w) throw notFound(`webhook ${id}`);
        const now = Date.now();
        const next = {
          ...w,
          secret: newSecret(),
          previous_secret: w.secret,
          previous_until: now + PREVIOUS_SECRET_MS,
          updated_at: now,
        };
        await tx.webhooks.update(next);
        return { ...webhookView(next, now), secret: next.secret };
      }),

    async deliveries(accountId: number, id: string, q: { page?: number; size?: number }) {
      const w = await owned(accountId, id);
      const window = pageWindow(q);
      const { rows, total } = await store.deliveries(w.id, window.size, window.offset);
      return pageEnvelope(rows.map(deliveryView), total, window);
    },

    /** Sends a delivery again now (a failed one gets the whole schedule again); the same webhook-id. */
    async retry(accountId: number, id: string, deliveryId: string): Promise<WebhookDeliveryT> {
      const w = await owned(accountId, id);
      const d = await db.transaction(async (tx) => {
        const found = await tx.webhooks.delivery(w.id, Number(deliveryId));
        if (!found) throw notFound(`delivery ${deliveryId} of webhook ${w.id}`);
        await tx.webhooks.retryNow(found.id, Date.now());
        return (await tx.webhooks.delivery(w.id, found.id))!;
      });
      wake();
      return deliveryView(d);
    },

    /** A `webhook.test` message to this endpoint alone, through the same outbox and worker as every other. */
    async test(accountId: number, id: string): Promise<WebhookDeliveryT> {
      const w = await owned(accountId, id);
      const now = Date.now();
      const message = messageId();
      const body = messageBody(message, WEBHOOK_TEST_EVENT, clock.now().toISOString(), {
        webhook_id: w.id,
        message: 'A test event from Shipping Station',
      });
      const d = await db.transaction(async (tx) => {
        const deliveryId = await tx.webhooks.insertDelivery({
          webhook_id: w.id,
          account_id: accountId,
          message_id: message,
          type: WEBHOOK_TEST_EVENT,
          body,
          state: 'pending',
          attempts: 0,
          next_at: now,
          last_status: null,
          last_error: null,
          last_attempt_at: null,
          created_at: now,
        });
        return (await tx.webhooks.delivery(w.id, deliveryId))!;
      });
      wake();
      return deliveryView(d);
    },
  };
}
