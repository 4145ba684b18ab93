import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { ADDRESS_TYPES, COUNTRIES, FIELD_ERROR_CODES } from './codes.js';

/** Every string the service stores is trimmed (see validation.ts) and at most 500 characters. */
export const Text = (opts: { minLength?: number; description?: string } = {}) =>
  Type.String({ maxLength: 500, ...opts });
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

export const Country = Type.String({
  enum: [...COUNTRIES].sort(),
  description: 'ISO 3166-1 alpha-2 country code',
  'x-error': 'must be an ISO 3166-1 alpha-2 country code',
  'x-format': 'country',
});

export const Contact = Type.Object(
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
    email: Type.Optional(Type.String({ format: 'email', maxLength: 500, 'x-error': 'must be an e-mail address' })),
    identification: Type.Optional(Text({ description: 'National identity number or tax id' })),
  },
  { additionalProperties: false },
);

export const Address = Type.Object(
  {
    street: RequiredText('Street and number'),
    city: RequiredText('Locality'),
    state: RequiredText('Province'),
    country: Country,
    zip: RequiredText('Postal code'),
    type: Type.Optional(StringEnum(ADDRESS_TYPES)),
    lat: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    lng: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
  },
  { additionalProperties: false },
);

export const Party = Type.Object({ contact: Contact, address: Address }, { additionalProperties: false });

/** A parcel's measure (centimetres or kilograms), as shipments, presets and quotes take it. */
export const Measure = (description: string) => Type.Number({ exclusiveMinimum: 0, maximum: 100000, description });
export const Dimensions = Type.Object(
  {
    height: Measure('centimetres'),
    width: Measure('centimetres'),
    length: Measure('centimetres'),
    weight: Measure('kilograms'),
  },
  { additionalProperties: false },
);

export type ContactT = Static<typeof Contact>;
export type AddressT = Static<typeof Address>;
export type PartyT = Static<typeof Party>;
export type DimensionsT = Static<typeof Dimensions>;

/** A shipment or package id in a path: the numeric id or the alphanumeric code. */
export const IdParams = Type.Object(
  {
    id: Type.String({
      minLength: 1,
      maxLength: 64,
      pattern: '^[A-Za-z0-9]+$',
      'x-error': 'must be a shipment id or code',
      'x-format': 'shipment_id',
    }),
  },
  { additionalProperties: false },
);

/** A stored row of an account's settings (a sender, a preset) in a path: digits, a number in the handler. */
export const RowIdParams = Type.Object(
  // Path parameters arrive as text and are not coerced.
  { id: Type.String({ pattern: '^[1-9][0-9]{0,14}$', 'x-error': 'must be an id', 'x-format': 'id' }) },
  { additionalProperties: false },
);

/** The answer of a DELETE. */
export const Deleted = Type.Object({ deleted: Type.Literal(true) });

/** One refused field of a validation problem (core/errors.ts FieldError). */
export const FieldErrorItem = Type.Object(
  {
    path: Type.String({ description: 'JSON pointer to the field in the request (body, query or path parameters)' }),
    message: Type.String({ description: 'What is wrong, in English, for people and logs' }),
    code: StringEnum(
      FIELD_ERROR_CODES,
      'What is wrong, as a stable code for clients to say in their own words; more codes may be added: show ' +
        '`message` for one you do not know. required · not_allowed (params.only_with) · type (params.type) · enum ' +
        '(params.allowed) · const (params.value) · format (params.format: phone, email, country, date, date-time, ' +
        'time, shipment_code, id, …) · pattern (params.pattern) · min_length, max_length, min_items, max_items, ' +
        'minimum, exclusive_minimum, maximum, exclusive_maximum (params.limit) · duplicate · taken (params.by) · ' +
        'unknown (params.value) · order (params.other: the field it must not come before) · over_size ' +
        '(params.measure weight|side|sum, value, limit, unit) · too_deep (params.limit) · mismatch · unavailable · ' +
        'unsupported (params.driver) · reserved · invalid',
    ),
    params: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), { description: "What the code's words need: a limit, a format, …" }),
    ),
  },
  { description: 'One refused field' },
);

export const Problem = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    code: Type.String(),
    detail: Type.String(),
    errors: Type.Optional(Type.Array(FieldErrorItem)),
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
);

/** The page envelope of searches. */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    data: Type.Array(item),
    pages: Type.Integer({ description: 'Total number of pages' }),
    items: Type.Integer({ description: 'Total number of results' }),
    last: Type.Boolean({ description: 'True when this is the last page' }),
  });

export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'Page number, from 1' })),
  size: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Results per page, at most 100' }),
  ),
};

/** The page a query asks for (PageQuery's defaults applied) and the offset it starts at. */
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
