import { Type, type Static } from '@sinclair/typebox';
import {
  Contact,
  Address,
  Dimensions,
  Lines,
  Measure,
  Method,
  Nullable,
  OperationType,
  Page,
  PageQuery,
  Party,
  Platform,
  Problem,
  RequiredText,
  ShipmentDimensions,
  ShipmentRef,
  Status,
  StringEnum,
  SubStatus,
  Text,
} from '../../platform/schemas/common.js';
import { CODE_PATTERN } from '../../shared/schemas/codes.js';
import { described, named } from '../../shared/schemas/named.js';

/** For a PICKUP shipment the destination address may be left out: the office's address is filled in. */
const Destination = named(
  'Destination',
  Type.Object(
    { contact: Contact, address: Type.Optional(Address) },
    { additionalProperties: false, description: 'The receiver; `address` is required unless `method` is PICKUP' },
  ),
);

/**
 * The rules across fields of a create, where JSON Schema can say them (so that a client generated from the document,
 * and the validator, refuse alike; the messages are the ones a person reads). With PICKUP: `office` is required and
 * `type` must be DELIVERY; without it: `office` is refused and `destination.address` is required. What a schema cannot
 * say (an active office that takes parcels; an address equal to the office's) the service checks.
 */
const crossFieldRules = {
  if: { properties: { method: { const: 'PICKUP' } }, required: ['method'] },
  then: {
    required: ['office'],
    'x-error': 'is required with method PICKUP',
    'x-with': 'method=PICKUP',
    properties: {
      office: { description: 'Required with PICKUP' },
      type: { const: 'DELIVERY', 'x-error': 'must be DELIVERY with method PICKUP', 'x-with': 'method=PICKUP' },
    },
  },
  else: {
    properties: {
      office: { not: {}, 'x-error': 'is only accepted with method PICKUP', 'x-with': 'method=PICKUP' },
      destination: { required: ['address'], properties: { address: { description: 'Required unless PICKUP' } } },
    },
  },
};

/** What a create gives. */
const createFields = {
  ref: RequiredText("Unique identifier of the shipment in the client's system (order id or number)"),
  type: OperationType,
  method: Type.Optional(described(Method, 'Shipping method; STANDARD when absent')),
  office: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'Pickup office id (`GET /offices`): required with PICKUP, refused without',
    }),
  ),
  value: Type.Optional(Type.Number({ minimum: 0, maximum: 1e12, description: 'Declared value' })),
  content: Type.Optional(Text({ description: 'Description of the contents' })),
  notes: Type.Optional(Lines('Free comments, of one or more lines')),
  platform: Type.Optional(Platform),
  origin: Party,
  destination: Destination,
  dimensions: Dimensions,
};

export const ShipmentCreate = named(
  'ShipmentCreate',
  Type.Object(createFields, {
    additionalProperties: false,
    ...crossFieldRules,
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
  }),
);
export type ShipmentCreateT = Static<typeof ShipmentCreate>;

/** An order as an import creates it: a create whose weight may be unknown (null), to be weighed at the bench. */
export const ImportedShipment = named(
  'ImportedShipment',
  Type.Object(
    { ...createFields, dimensions: ShipmentDimensions },
    {
      additionalProperties: false,
      ...crossFieldRules,
      description: 'A shipment as an import creates it: `dimensions.weight` null when the order gives none',
    },
  ),
);
export type ImportedShipmentT = Static<typeof ImportedShipment>;

/**
 * A desk's "Create and print" says that the label is printed next: drawing it can start at the create's commit
 * instead of at the print job's, a round trip and a commit later (issue 17). Only when asked: an API create that
 * never prints draws nothing.
 */
export const ShipmentCreateQuery = Type.Object(
  {
    label_ahead: Type.Optional(
      Type.Boolean({
        description:
          "True when the shipment's A7 label is printed next, on the account's default PDF_A7 printer: the station " +
          'starts drawing it now, beside this answer, and the print job then only sends it. The label is not made ' +
          'by this: `labelled_at` stays null until it is printed or downloaded; its QR token is fixed now, as ' +
          '`GET /labels/qr` fixes it. Nothing is drawn without such a printer, or for one that draws its labels ' +
          'itself (PDF, native ESC/POS).',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ShipmentRefT = Static<typeof ShipmentRef>;

export const PackageCreate = named(
  'PackageCreate',
  Type.Object(
    {
      ref: RequiredText('Client identifier of the package'),
      content: Type.Optional(Text({ description: 'Description of the contents' })),
      value: Type.Optional(Type.Number({ minimum: 0, maximum: 1e12 })),
      notes: Type.Optional(Lines('Free comments, of one or more lines')),
      origin: Party,
      dimensions: Dimensions,
    },
    { additionalProperties: false },
  ),
);
export type PackageCreateT = Static<typeof PackageCreate>;

const Iso = (description: string) => Type.String({ format: 'date-time', description });

const Actions = named(
  'ShipmentActions',
  Type.Object(
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
  ),
);

export const Shipment = named(
  'Shipment',
  Type.Object({
    id: Type.Integer(),
    code: Type.String({ pattern: CODE_PATTERN.source, description: 'Shipment code used for tracking' }),
    ref: Type.String(),
    type: OperationType,
    method: Method,
    office: Nullable(Type.Integer()),
    value: Nullable(Type.Number()),
    content: Nullable(Type.String()),
    notes: Nullable(Type.String()),
    platform: Nullable(Platform),
    origin: Party,
    destination: Party,
    dimensions: ShipmentDimensions,
    status: Status,
    sub_status: Nullable(SubStatus),
    twin: Nullable(Type.String({ description: 'For a package: the code of its parent shipment' })),
    number: Nullable(Type.Integer({ description: 'For a package: its number within the parent, from 1' })),
    packages: Type.Integer({ description: 'Number of child packages' }),
    created_at: Iso('Creation time, UTC'),
    updated_at: Iso('Last change, UTC'),
    labelled_at: Nullable(Iso('When a label was first generated, UTC')),
    actions: Actions,
  }),
);
export type ShipmentT = Static<typeof Shipment>;

const SEARCH_PARTIES = ['ANY', 'RECEIVER', 'SENDER'] as const;

const DateBound = (description: string) =>
  Type.String({
    pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:?\\d{2}))?$',
    description,
    'x-error': 'must be YYYY-MM-DD or an ISO 8601 date-time with offset',
    'x-format': 'date',
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
    status: Type.Optional(Status),
    substatus: Type.Optional(SubStatus),
    platform: Type.Optional(Platform),
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

export const ShipmentPage = Page('ShipmentPage', Shipment);

/** A package of a multi-origin shipment is itself a shipment, with `twin` and `number` set. */
export const Package = named(
  'Package',
  Type.Unsafe<ShipmentT>({
    allOf: [Shipment],
    description:
      'A package: a shipment of its own (readable by its code, with its own label), `twin` its parent, `number` from 1',
  }),
);

/** The refusal of a `ref` the account has used already (contract: Errors), naming the shipment that has it. */
export const DuplicateRefProblem = named(
  'DuplicateRefProblem',
  Type.Intersect(
    [
      Problem,
      Type.Object({
        code: Type.Literal('duplicate_ref'),
        existing: Type.Object(
          { id: Type.Integer(), code: Type.String() },
          { description: 'The shipment (or package) that has the ref: read it instead of creating it again' },
        ),
      }),
    ],
    { description: '`duplicate_ref`: the account has a shipment of this `ref` already; `existing` names it' },
  ),
);

export const PackageList = named(
  'PackageList',
  Type.Object({ data: Type.Array(Package, { description: 'By number' }) }),
);

/** A parcel's measures, any of them: a correction names only what changes (the scale's weight, a box's sides). */
const DimensionsPatch = Type.Object(
  {
    height: Type.Optional(Measure('centimetres')),
    width: Type.Optional(Measure('centimetres')),
    length: Type.Optional(Measure('centimetres')),
    weight: Type.Optional(Measure('kilograms')),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const ShipmentUpdate = named(
  'ShipmentUpdate',
  Type.Object(
    {
      dimensions: Type.Optional(DimensionsPatch),
      method: Type.Optional(described(Method, 'Shipping method; PICKUP needs `office` (given or kept)')),
      office: Type.Optional(
        Nullable(
          Type.Integer({
            minimum: 1,
            maximum: Number.MAX_SAFE_INTEGER,
            description: 'Pickup office id, for method PICKUP; null removes it',
          }),
        ),
      ),
      content: Type.Optional(Nullable(Text({ description: 'Description of the contents; null removes it' }))),
      notes: Type.Optional(Nullable(Lines('Free comments, of one or more lines; null removes them'))),
    },
    {
      additionalProperties: false,
      minProperties: 1,
      'x-error': 'must change at least one of dimensions, method, office, content, notes',
      examples: [
        { dimensions: { weight: 1.25 } },
        { dimensions: { length: 40, width: 30, height: 20 }, notes: 'Box M' },
      ],
    },
  ),
);
export type ShipmentUpdateT = Static<typeof ShipmentUpdate>;

/** The fields a correction may change, as the history names them. */
export const CHANGEABLE = ['dimensions', 'method', 'office', 'content', 'notes'] as const;

export const ShipmentChange = Type.Object({
  id: Type.Integer(),
  date: Iso('When the correction was made, UTC'),
  made_by: Type.String({ description: '`token N` (the credential that made it) or `station` (the station owner)' }),
  changes: Type.Array(
    Type.Object({
      field: StringEnum(CHANGEABLE),
      from: Type.Unknown({ description: 'The value before (null: none)' }),
      to: Type.Unknown({ description: 'The value after (null: none)' }),
    }),
  ),
});
export type ShipmentChangeT = Static<typeof ShipmentChange>;

export const ShipmentChanges = named(
  'ShipmentChanges',
  Type.Object({ data: Type.Array(ShipmentChange, { description: 'Oldest first' }) }),
);
