import { Type, type Static } from '@sinclair/typebox';
import {
  Contact,
  Address,
  Dimensions,
  Nullable,
  Page,
  PageQuery,
  Party,
  RequiredText,
  StringEnum,
  Text,
} from '../schemas/common.js';
import { CODE_PATTERN, METHODS, OPERATION_TYPES, PLATFORMS, STATUSES, SUB_STATUSES } from '../schemas/codes.js';

/** For a PICKUP shipment the destination address may be left out: the office's address is filled in. */
const Destination = Type.Object({ contact: Contact, address: Type.Optional(Address) }, { additionalProperties: false });

export const ShipmentCreate = Type.Object(
  {
    ref: RequiredText("Unique identifier of the shipment in the client's system (order id or number)"),
    type: StringEnum(OPERATION_TYPES, 'Operation type'),
    method: Type.Optional(StringEnum(METHODS, 'Shipping method; STANDARD when absent')),
    office: Type.Optional(Type.Integer({ minimum: 1, description: 'Pickup office id, for method PICKUP' })),
    value: Type.Optional(Type.Number({ minimum: 0, maximum: 1e12, description: 'Declared value' })),
    content: Type.Optional(Text({ description: 'Description of the contents' })),
    notes: Type.Optional(Text({ description: 'Free comments' })),
    platform: Type.Optional(StringEnum(PLATFORMS, 'Originating platform')),
    origin: Party,
    destination: Destination,
    dimensions: Dimensions,
  },
  {
    additionalProperties: false,
    examples: [
      {
        ref: 'ORDER-10025',
        type: 'DELIVERY',
        method: 'STANDARD',
        content: 'Two books',
        origin: {
          contact: { name: 'Depósito Central', phone: '+5493414000000' },
          address: { street: 'Córdoba 1450', city: 'Rosario', state: 'Santa Fe', country: 'AR', zip: 'S2000' },
        },
        destination: {
          contact: { name: 'Ana Pérez', email: 'ana.perez@example.com' },
          address: {
            street: 'Avenida Colón 1234',
            city: 'Córdoba',
            state: 'Córdoba',
            country: 'AR',
            zip: 'X5000',
            type: 'RESIDENTIAL',
          },
        },
        dimensions: { height: 10, width: 20, length: 30, weight: 1.5 },
      },
    ],
  },
);
export type ShipmentCreateT = Static<typeof ShipmentCreate>;

export const PackageCreate = Type.Object(
  {
    ref: RequiredText('Client identifier of the package'),
    content: Type.Optional(Text({ description: 'Description of the contents' })),
    value: Type.Optional(Type.Number({ minimum: 0, maximum: 1e12 })),
    notes: Type.Optional(Text()),
    origin: Party,
    dimensions: Dimensions,
  },
  { additionalProperties: false },
);
export type PackageCreateT = Static<typeof PackageCreate>;

const Iso = (description: string) => Type.String({ format: 'date-time', description });

const Actions = Type.Object(
  {
    cancel: Type.Boolean({ description: 'Not yet in the carrier’s hands: POST /shipments/{id}/cancel cancels it' }),
    label: Type.Boolean({ description: 'Not canceled: GET /labels makes its label' }),
    packages: Type.Boolean({ description: 'A parent shipment, not final: POST /shipments/{id}/packages adds one' }),
    events: Type.Boolean({ description: 'Not final: POST /shipments/{id}/events can move it on' }),
  },
  {
    description:
      'What may be done with the shipment now, by its status (the token’s permissions aside); the service’s own ' +
      'rules, stated so that a client need not restate them',
  },
);

export const Shipment = Type.Object({
  id: Type.Integer(),
  code: Type.String({ pattern: CODE_PATTERN.source, description: 'Shipment code used for tracking' }),
  ref: Type.String(),
  type: StringEnum(OPERATION_TYPES),
  method: StringEnum(METHODS),
  office: Nullable(Type.Integer()),
  value: Nullable(Type.Number()),
  content: Nullable(Type.String()),
  notes: Nullable(Type.String()),
  platform: Nullable(StringEnum(PLATFORMS)),
  origin: Party,
  destination: Party,
  dimensions: Dimensions,
  status: StringEnum(STATUSES),
  sub_status: Nullable(StringEnum(SUB_STATUSES)),
  twin: Nullable(Type.String({ description: 'For a package: the code of its parent shipment' })),
  number: Nullable(Type.Integer({ description: 'For a package: its number within the parent, from 1' })),
  packages: Type.Integer({ description: 'Number of child packages' }),
  created_at: Iso('Creation time, UTC'),
  updated_at: Iso('Last change, UTC'),
  labelled_at: Nullable(Iso('When a label was first generated, UTC')),
  actions: Actions,
});
export type ShipmentT = Static<typeof Shipment>;

const SEARCH_PARTIES = ['ANY', 'RECEIVER', 'SENDER'] as const;

const DateBound = (description: string) =>
  Type.String({
    pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:?\\d{2}))?$',
    description,
    'x-error': 'must be YYYY-MM-DD or an ISO 8601 date-time with offset',
  });

export const ShipmentSearch = Type.Object(
  {
    q: Type.Optional(
      Text({
        description:
          'Words or prefixes of ref, code, address, contact name or e-mail; each word matches as a phrase of its parts. A ref or code typed whole comes first, whatever the sort',
      }),
    ),
    party: Type.Optional(
      StringEnum(
        SEARCH_PARTIES,
        'Whose contact and address `q` searches, besides ref and code: RECEIVER (the destination), SENDER (the origin) or ANY (default)',
      ),
    ),
    code: Type.Optional(Text({ description: 'Shipment code' })),
    status: Type.Optional(StringEnum(STATUSES)),
    substatus: Type.Optional(StringEnum(SUB_STATUSES)),
    platform: Type.Optional(StringEnum(PLATFORMS)),
    date_type: Type.Optional(
      StringEnum(
        ['CREATED', 'UPDATED', 'LABELLED'] as const,
        'Which date the range, date_key and sort apply to (CREATED). LABELLED: when a label was first made; only labelled shipments',
      ),
    ),
    date_range_min: Type.Optional(
      DateBound('Minimum date, inclusive; a plain date starts at 00:00 in the station time zone'),
    ),
    date_range_max: Type.Optional(
      DateBound('Maximum date, inclusive; a plain date ends at 24:00 in the station time zone'),
    ),
    date_key: Type.Optional(StringEnum(['LAST_DAY', 'LAST_MONTH'] as const, 'Last 24 hours or last 30 days')),
    sort: Type.Optional(StringEnum(['NEWEST', 'OLDEST'] as const)),
    shortcut: Type.Optional(
      StringEnum(['PENDING', 'ACTIVE'] as const, 'PENDING: not labelled nor canceled; ACTIVE: in the carrier’s hands'),
    ),
    ...PageQuery,
  },
  { additionalProperties: false },
);
export type ShipmentSearchT = Static<typeof ShipmentSearch>;
export type SearchParty = (typeof SEARCH_PARTIES)[number];

export const ShipmentPage = Page(Shipment);

export const PackageList = Type.Object({ data: Type.Array(Shipment, { description: 'By number' }) });
