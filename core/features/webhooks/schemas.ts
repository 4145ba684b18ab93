import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Manifest } from '../manifests/schemas.js';
import { PrintJob } from '../printing/schemas.js';
import { Nullable, Page, PageQuery, StringEnum } from '../../platform/schemas/common.js';
import { DELIVERY_STATES, WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from '../../shared/schemas/codes.js';
import { COMPONENT, described, named } from '../../shared/schemas/named.js';
import { Package, Shipment } from '../shipments/schemas.js';
import { TrackingEvent } from '../tracking/schemas.js';

const { url: _, ...manifestWithoutLink } = Manifest.properties;

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

const WebhookDescription = Type.String({ maxLength: 500, description: 'What the endpoint is for' });

const webhookFields = {
  url: WebhookUrl,
  events: Type.Array(WebhookEventType, {
    minItems: 1,
    maxItems: WEBHOOK_EVENTS.length,
    uniqueItems: true,
    description: 'The event types sent to this endpoint, each once',
    'x-error': 'must list 1 or more event types, each once',
  }),
  description: Type.Optional(WebhookDescription),
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

export const WebhookPatch = named(
  'WebhookPatch',
  Type.Object(
    {
      url: Type.Optional(WebhookUrl),
      events: Type.Optional(webhookFields.events),
      description: Type.Optional(Nullable(WebhookDescription)),
      enabled: WebhookUpdate.properties.enabled,
    },
    {
      additionalProperties: false,
      description: 'The members to change, any of them; what is left out stays as it is',
      examples: [{ enabled: true }],
    },
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

const messageId = Type.String({
  description: 'The message’s id: its `webhook-id` header, the same on every attempt; a receiver drops repeats by it',
});
const messageTimestamp = Type.String({ format: 'date-time', description: 'When the change happened' });

/** The message of one event type, named `<Type>Message` (`shipment.created` → `ShipmentCreatedMessage`). */
function message<T extends TSchema>(type: string, data: T, description: string) {
  const name = `${type.replace(/(^|[._])(\w)/g, (_m, _s, c: string) => c.toUpperCase())}Message`;
  return named(
    name,
    Type.Object({ id: messageId, type: Type.Literal(type), timestamp: messageTimestamp, data }, { description }),
  );
}

/** Each event type's message, by type: `data` is what the API answers for the resource that changed. */
const messages = [
  message('shipment.created', Shipment, 'A shipment was created (by the API, an import or the desk): `data` is it'),
  message('shipment.canceled', Shipment, 'A shipment was canceled: `data` is it, canceled'),
  message(
    'shipment.status_changed',
    Type.Object({ event: TrackingEvent, shipment: Shipment }),
    'A tracking event was recorded: `data` is the event and the shipment as it is after it',
  ),
  message('label.created', Shipment, 'A shipment’s first label was made: `data` is the shipment, `labelled_at` set'),
  message('package.created', Package, 'A package was added to a multi-origin shipment: `data` is the package'),
  message('print_job.finished', PrintJob, 'A print job ended (done, failed or canceled): `data` is the job'),
  message(
    'manifest.created',
    Type.Object(manifestWithoutLink, { description: 'The manifest as `GET /manifests/{id}` answers it, less `url`' }),
    'An end-of-day manifest was made (its shipments moved to COLLECTED): `data` is the manifest without its link',
  ),
  message(
    WEBHOOK_TEST_EVENT,
    Type.Object({ webhook_id: Type.Integer(), message: Type.String() }),
    'A test message (`POST /webhooks/{id}/test`), to that endpoint alone',
  ),
];

export const WebhookMessage = named(
  'WebhookMessage',
  Type.Unsafe<Static<(typeof messages)[number]>>({
    oneOf: messages,
    discriminator: {
      propertyName: 'type',
      mapping: Object.fromEntries(
        messages.map((m) => [m.properties.type.const, `#/components/schemas/${m[COMPONENT] as string}`]),
      ),
    },
    description:
      'The body of every message, signed as sent: `{id, type, timestamp, data}`, one schema per event type (`type`)',
  }),
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
export type WebhookPatchT = Static<typeof WebhookPatch>;
export type WebhookT = Static<typeof Webhook>;
export type WebhookWithSecretT = Static<typeof WebhookWithSecret>;
export type WebhookDeliveryT = Static<typeof WebhookDelivery>;
