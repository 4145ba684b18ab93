import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Page, PageQuery, StringEnum } from '../schemas/common.js';
import { DELIVERY_STATES, WEBHOOK_EVENTS } from '../schemas/codes.js';
import { described, named } from '../schemas/named.js';

export const WebhookEventType = named(
  'WebhookEventType',
  StringEnum(
    WEBHOOK_EVENTS,
    'shipment.created, shipment.canceled, shipment.status_changed (each tracking event), label.created, package.created, print_job.finished (done, failed or canceled), manifest.created',
  ),
);

const WebhookUrl = Type.String({
  minLength: 1,
  maxLength: 2000,
  description:
    'Where messages are POSTed: https, or http to a host listed in the station owner’s STATION_WEBHOOK_HOSTS; it must not resolve to a loopback, private, link-local or metadata address unless its host is listed there. Redirects are not followed.',
  'x-error': 'must be a URL of at most 2000 characters',
});

const webhookFields = {
  url: WebhookUrl,
  events: Type.Array(WebhookEventType, {
    minItems: 1,
    maxItems: WEBHOOK_EVENTS.length,
    uniqueItems: true,
    description: 'The event types sent to this endpoint, each once',
    'x-error': 'must list 1 or more event types, each once',
  }),
  description: Type.Optional(Type.String({ maxLength: 500, description: 'What the endpoint is for' })),
};

export const WebhookCreate = named('WebhookCreate', Type.Object(webhookFields, { additionalProperties: false }));
export const WebhookUpdate = named(
  'WebhookUpdate',
  Type.Object(
    {
      ...webhookFields,
      enabled: Type.Optional(
        Type.Boolean({
          description: 'false stops sending (messages wait); true sends again, also after a 410 disabled it',
        }),
      ),
    },
    { additionalProperties: false, description: 'Replaces the endpoint’s URL, events and description' },
  ),
);

const Id = (what: string) =>
  Type.String({ pattern: '^[1-9][0-9]{0,14}$', description: `The ${what}'s id`, 'x-error': `must be a ${what} id` });

export const WebhookParams = Type.Object({ id: Id('webhook') }, { additionalProperties: false });
export const DeliveryParams = Type.Object(
  { id: Id('webhook'), delivery_id: Id('delivery') },
  { additionalProperties: false },
);
export const DeliveryQuery = Type.Object(PageQuery, { additionalProperties: false });

export const Webhook = named(
  'Webhook',
  Type.Object({
    id: Type.Integer(),
    url: Type.String(),
    description: Nullable(Type.String()),
    events: Type.Array(WebhookEventType),
    enabled: Type.Boolean({ description: 'false: nothing is sent (a 410 from the receiver, or set so)' }),
    disabled_reason: Nullable(
      Type.String({ description: '`gone`: the receiver answered 410 Gone; `disabled`: set so through PUT' }),
    ),
    previous_secret_until: Nullable(
      Type.String({
        format: 'date-time',
        description: 'After a rotation, until when the previous secret signs too (a second `v1,` signature)',
      }),
    ),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  }),
);

export const WebhookWithSecret = named(
  'WebhookWithSecret',
  Type.Object({
    ...Webhook.properties,
    secret: Type.String({
      pattern: '^whsec_',
      description:
        'The Standard Webhooks signing secret (`whsec_` + base64), shown only here: keep it to verify `webhook-signature`',
    }),
  }),
);

export const WebhookList = named('WebhookList', Type.Object({ data: Type.Array(Webhook) }));

export const WebhookMessage = named(
  'WebhookMessage',
  Type.Object(
    {
      type: Type.String({ description: 'An event type, or `webhook.test` for a test message' }),
      timestamp: Type.String({ format: 'date-time', description: 'When the change happened' }),
      data: Type.Unknown({
        description:
          'The resource as the API answers it (Shipment, PrintJob, Manifest without its link); shipment.status_changed: `{event, shipment}`',
      }),
    },
    { description: 'The body of every message, signed as sent' },
  ),
);

export const WebhookDelivery = named(
  'WebhookDelivery',
  Type.Object({
    id: Type.Integer(),
    webhook_id: Type.Integer(),
    message_id: Type.String({ description: 'The `webhook-id` header: the same on every attempt of this message' }),
    type: Type.String(),
    state: named(
      'WebhookDeliveryState',
      StringEnum(DELIVERY_STATES, 'pending (to be tried, again), delivered (a 2xx answer) or failed (given up)'),
    ),
    attempts: Type.Integer({ description: 'Attempts made so far' }),
    last_status: Nullable(Type.Integer({ description: 'The HTTP status of the last attempt (null: no answer)' })),
    last_error: Nullable(Type.String({ description: 'Why the last attempt failed' })),
    last_attempt_at: Nullable(Type.String({ format: 'date-time' })),
    next_attempt_at: Nullable(
      Type.String({ format: 'date-time', description: 'Pending: when it is tried next (no sooner)' }),
    ),
    created_at: Type.String({ format: 'date-time' }),
    payload: described(WebhookMessage, 'The message as sent'),
  }),
);
export const WebhookDeliveryPage = Page('WebhookDeliveryPage', WebhookDelivery);

export const WebhookDeleted = named('WebhookDeleted', Type.Object({ id: Type.Integer(), deleted: Type.Literal(true) }));

export type WebhookCreateT = Static<typeof WebhookCreate>;
export type WebhookUpdateT = Static<typeof WebhookUpdate>;
export type WebhookT = Static<typeof Webhook>;
export type WebhookWithSecretT = Static<typeof WebhookWithSecret>;
export type WebhookDeliveryT = Static<typeof WebhookDelivery>;
