import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  ADDRESS_TYPES,
  COUNTRIES,
  FIELD_ERROR_CODES,
  ISSUES,
  LABEL_FORMATS,
  METHODS,
  OPERATION_TYPES,
  PERMISSIONS,
  PLATFORMS,
  STATUSES,
  SUB_STATUSES,
} from '../../shared/schemas/codes.js';
import { named } from '../../shared/schemas/named.js';
import { TEXT_KEYWORD, type TextKind } from '../../shared/schemas/text.js';

/** Every string the service stores is trimmed (see validation.ts) and at most 500 characters. */
export const Text = (opts: { minLength?: number; description?: string } = {}) =>
  Type.String({ maxLength: 500, ...opts });
/**
 * Free text of several lines, where every other string is one line (schemas/text.ts): a shipment's notes, the
 * delivery instructions a person writes line by line.
 */
export const Lines = (description: string) =>
  Type.String({ maxLength: 500, [TEXT_KEYWORD]: 'lines' satisfies TextKind, description });
export const RequiredText = (description?: string) =>
  Type.String({
    minLength: 1,
    maxLength: 500,
    'x-error': 'must be 1 to 500 characters',
    ...(description ? { description } : {}),
  });

export const StringEnum = <T extends readonly string[]>(values: T, description?: string) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...(description ? { description } : {}) });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const Country = named(
  'Country',
  Type.String({
    enum: [...COUNTRIES].sort(),
    description: 'ISO 3166-1 alpha-2 country code',
    'x-error': 'must be an ISO 3166-1 alpha-2 country code',
    'x-format': 'country',
  }),
);

/** The code sets of the interface, each one component that requests and answers share. */
export const Method = named(
  'Method',
  StringEnum(
    METHODS,
    'Shipping method: the enumerated STANDARD and EXPRESS, SAME_DAY, and PICKUP (delivery to a pickup office)',
  ),
);
export const OperationType = named('OperationType', StringEnum(OPERATION_TYPES, 'Operation type'));
export const Platform = named(
  'Platform',
  StringEnum(PLATFORMS, 'Originating platform: MLI a marketplace; TNB, WOO, VTX online-store platforms'),
);
export const Status = named('Status', StringEnum(STATUSES, 'Shipment state'));
export const SubStatus = named('SubStatus', StringEnum(SUB_STATUSES, 'Shipment sub-state'));
export const Issue = named('Issue', StringEnum(ISSUES, 'Incident code'));
export const AddressType = named('AddressType', StringEnum(ADDRESS_TYPES, 'Kind of address'));
export const LabelFormat = named(
  'LabelFormat',
  StringEnum(LABEL_FORMATS, 'PDF_A7: one 74 x 105 mm label per page; PDF_A4: 8 labels per A4 page'),
);
export const Permission = named('Permission', StringEnum(PERMISSIONS, 'What a token may do'));

export const Contact = named(
  'Contact',
  Type.Object(
    {
      name: RequiredText('Name or business name'),
      phone: Type.Optional(
        Type.String({
          pattern: '^\\+[0-9]{8,15}$',
          description: 'E.164 telephone number',
          'x-error': 'must be E.164: + then 8 to 15 digits',
          'x-format': 'phone',
        }),
      ),
      email: Type.Optional(
        Type.String({
          // RFC 6531: an address of any script (julián@example.com), as the stores' exports hold them.
          format: 'idn-email',
          maxLength: 500,
          'x-error': 'must be an e-mail address',
          'x-format': 'email',
        }),
      ),
      identification: Type.Optional(Text({ description: 'National identity number or tax id' })),
    },
    { additionalProperties: false },
  ),
);

export const Address = named(
  'Address',
  Type.Object(
    {
      street: RequiredText('Street and number'),
      city: RequiredText('Locality'),
      state: RequiredText('Province'),
      country: Country,
      zip: RequiredText('Postal code'),
      type: Type.Optional(AddressType),
      lat: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
      lng: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
    },
    { additionalProperties: false },
  ),
);

export const Party = named(
  'Party',
  Type.Object(
    { contact: Contact, address: Address },
    { additionalProperties: false, description: 'A contact and an address' },
  ),
);

/** A parcel's measure (centimetres or kilograms), as shipments, presets and quotes take it. */
export const Measure = (description: string) => Type.Number({ exclusiveMinimum: 0, maximum: 100000, description });
export const Dimensions = named(
  'Dimensions',
  Type.Object(
    {
      height: Measure('centimetres'),
      width: Measure('centimetres'),
      length: Measure('centimetres'),
      weight: Measure('kilograms'),
    },
    { additionalProperties: false },
  ),
);

/**
 * A shipment's parcel as stored and answered: as created, except that an order imported without a weight has
 * `weight` null until it is weighed (PATCH), and no label is made before.
 */
export const ShipmentDimensions = named(
  'ShipmentDimensions',
  Type.Object(
    {
      height: Measure('centimetres'),
      width: Measure('centimetres'),
      length: Measure('centimetres'),
      weight: Nullable(
        Measure(
          'kilograms; null while unknown (an order imported without a weight): GET /labels and print jobs refuse it ' +
            '(409 invalid_state naming /dimensions/weight) until PATCH sets it',
        ),
      ),
    },
    { additionalProperties: false },
  ),
);

export type ContactT = Static<typeof Contact>;
export type AddressT = Static<typeof Address>;
export type PartyT = Static<typeof Party>;
export type DimensionsT = Static<typeof Dimensions>;
export type ShipmentDimensionsT = Static<typeof ShipmentDimensions>;

/**
 * A shipment or package in a path: its numeric id or its code (a code always holds a letter). Path parameters are
 * coerced like query strings, so digits arrive as the integer; a generated client passes `shipment.id` or
 * `shipment.code` alike.
 */
export const ShipmentRef = named(
  'ShipmentRef',
  Type.Union(
    [
      Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'The numeric id' }),
      Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9]+$', description: 'The code, any letter case' }),
    ],
    {
      description: 'A shipment by its numeric id or its code',
      'x-error': 'must be a shipment id or code',
      'x-format': 'shipment_id',
    },
  ),
);
export const IdParams = Type.Object({ id: ShipmentRef }, { additionalProperties: false });

/** A stored row of an account's settings (a sender, a preset) in a path: digits, a number in the handler. */
export const RowIdParams = Type.Object(
  { id: Type.String({ pattern: '^[1-9][0-9]{0,14}$', 'x-error': 'must be an id', 'x-format': 'id' }) },
  { additionalProperties: false },
);

/** The answer of a DELETE. */
export const Deleted = named('Deleted', Type.Object({ deleted: Type.Literal(true) }));

export const FieldError = named(
  'FieldError',
  Type.Object(
    {
      path: Type.String({ description: 'JSON pointer of the field, in the body or the query' }),
      message: Type.String({ description: 'What is wrong with it, in English, for a person and the logs' }),
      code: StringEnum(
        FIELD_ERROR_CODES,
        'What is wrong, as a stable code for clients to say in their own words; more codes may be added: show ' +
          '`message` for one you do not know. required (params.with: the field that makes it required) · ' +
          'not_allowed (params.only_with) · type (params.type) · enum (params.allowed) · const (params.value) · ' +
          'format (params.format: phone, email, country, date, date-time, time, shipment_code, shipment_id, id, …) · ' +
          'pattern (params.pattern) · min_length, max_length, min_items, max_items, minimum, exclusive_minimum, ' +
          'maximum, exclusive_maximum (params.limit) · duplicate · taken (params.by) · unknown (params.value) · order ' +
          '(params.other: the field it must not come before) · over_size (params.measure weight|side|sum, value, ' +
          'limit, unit) · too_deep (params.limit) · character (params.character: U+0000, …) · mismatch · ' +
          'unavailable · unsupported (params.driver) · reserved · invalid',
      ),
      params: Type.Optional(
        Type.Object(
          {},
          { additionalProperties: true, description: "What the code's words need: a limit, a format, …" },
        ),
      ),
    },
    { additionalProperties: true },
  ),
);

export const Problem = named(
  'Problem',
  Type.Object(
    {
      type: Type.String(),
      title: Type.String(),
      status: Type.Integer(),
      code: Type.String({ description: 'Stable code of the error (contract: Errors)' }),
      detail: Type.String(),
      errors: Type.Optional(Type.Array(FieldError, { description: 'Each field that is wrong (validation)' })),
    },
    {
      additionalProperties: true,
      description: 'RFC 9457 problem details',
      examples: [
        {
          type: 'about:blank',
          title: 'Validation failed',
          status: 400,
          code: 'validation_failed',
          detail: 'destination.address.zip is required',
          errors: [{ path: '/destination/address/zip', message: 'is required', code: 'required' }],
        },
      ],
    },
  ),
);

/** The page envelope of searches, named `<item>Page`. */
export const Page = <T extends TSchema>(name: string, item: T) =>
  named(
    name,
    Type.Object(
      {
        data: Type.Array(item),
        pages: Type.Integer({ description: 'Total number of pages' }),
        items: Type.Integer({ description: 'Total number of results' }),
        last: Type.Boolean({ description: 'True when this is the last page' }),
      },
      { description: 'One page of results, with the true totals' },
    ),
  );

export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'Page number, from 1' })),
  size: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Results per page, at most 100' }),
  ),
};

/** The page a query asks for (PageQuery's defaults applied) and the offset it starts at. */
export type PageWindow = ReturnType<typeof pageWindow>;

export function pageWindow(q: { page?: number | undefined; size?: number | undefined }) {
  const page = q.page ?? 1;
  const size = q.size ?? 20;
  return { page, size, offset: (page - 1) * size };
}

/** The page envelope; `pages` and `items` are the true totals, also for a page past the end. */
export function pageEnvelope<T>(data: T[], items: number, { page, size }: { page: number; size: number }) {
  const pages = Math.ceil(items / size);
  return { data, pages, items, last: page >= pages };
}
