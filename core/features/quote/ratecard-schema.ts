import { Type, type Static } from '@sinclair/typebox';
import { METHODS } from '../../shared/schemas/codes.js';
import { Country, RequiredText, StringEnum, Text } from '../../platform/schemas/common.js';

/**
 * The rate-card file format, version 1 (docs/ratecard.md). This schema checks the shape; `compileRateCard`
 * checks what a schema cannot (known zones, ordered sizes, valid time zone and currency, ...).
 */
export const RATE_CARD_FORMAT = 'shipping-station/ratecard';
export const RATE_CARD_FORMAT_VERSION = 1;

export const SIZES = ['S', 'M', 'L', 'XL'] as const;
export type Size = (typeof SIZES)[number];

const Time = (description: string) =>
  Type.String({
    pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$',
    description,
    'x-error': 'must be a time HH:MM (00:00 to 23:59)',
    'x-format': 'time',
  });
const ZoneId = Type.String({
  pattern: '^[A-Z][A-Z0-9_]{0,31}$',
  'x-error': 'must be 1 to 32 upper-case letters, digits or _',
  'x-format': 'zone_id',
});
const Km = Type.Number({ minimum: 0, maximum: 40_000 });
const Money = Type.Number({ minimum: 0, maximum: 1e9, 'x-error': 'must be an amount from 0' });

const SizeLimits = Type.Object(
  {
    max_side_cm: Type.Number({ exclusiveMinimum: 0, description: 'Longest side, centimetres' }),
    max_sum_cm: Type.Number({ exclusiveMinimum: 0, description: 'Length + width + height, centimetres' }),
    max_weight_kg: Type.Number({ exclusiveMinimum: 0, description: 'Weight, kilograms' }),
  },
  { additionalProperties: false },
);

/**
 * Bounds of a card. A quote walks the zones and their postal-code ranges in order, and a card is compiled when it
 * becomes active: a 100,000-zone card was accepted and then held the first quote for 5 s, every request of the
 * service waiting behind it. A carrier's card has tens of zones; these bounds keep the walk under a millisecond.
 */
export const MAX_ZONES = 1000;
export const MAX_RANGES = 10_000;

const Zone = Type.Object(
  {
    id: ZoneId,
    name: RequiredText('Name people read'),
    zips: Type.Optional(
      Type.Array(
        Type.Object(
          { from: RequiredText('First postal-code key'), to: RequiredText('Last postal-code key') },
          { additionalProperties: false },
        ),
        {
          maxItems: MAX_RANGES,
          description: `Inclusive postal-code ranges (compared after zip_key); at most ${MAX_RANGES} in the whole card`,
        },
      ),
    ),
    distance_km: Type.Optional(
      Type.Object(
        { from: Km, to: Km },
        { additionalProperties: false, description: 'Distance band from the origin: from <= d < to' },
      ),
    ),
  },
  { additionalProperties: false },
);

const ZoneService = Type.Object(
  {
    transit_days: Type.Tuple([Type.Integer({ minimum: 0, maximum: 60 }), Type.Integer({ minimum: 0, maximum: 60 })], {
      description: '[min, max] business days after dispatch',
    }),
    rates: Type.Object(
      { S: Type.Optional(Money), M: Type.Optional(Money), L: Type.Optional(Money), XL: Type.Optional(Money) },
      { additionalProperties: false, minProperties: 1, description: 'Rate per size; a size left out is not served' },
    ),
  },
  { additionalProperties: false },
);

const MethodEntry = Type.Object(
  {
    method: StringEnum(METHODS),
    name: RequiredText('Name of the method'),
    title: RequiredText('Title shown to the buyer'),
    cutoff: Type.Optional(Time("This method's cut-off, instead of the card's")),
    same_day: Type.Optional(
      Type.Boolean({ description: 'Offered only when dispatched today (before the cut-off of a working day)' }),
    ),
    zones: Type.Record(ZoneId, ZoneService, {
      additionalProperties: false,
      maxProperties: MAX_ZONES,
      description: 'The zones this method serves, by zone id',
    }),
  },
  { additionalProperties: false },
);

export const RateCardFile = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    format: Type.Literal(RATE_CARD_FORMAT),
    format_version: Type.Literal(RATE_CARD_FORMAT_VERSION),
    version: RequiredText('Label of this card, e.g. 2026-11'),
    name: Type.Optional(Text()),
    currency: Type.String({
      pattern: '^[A-Z]{3}$',
      'x-error': 'must be an ISO 4217 currency code',
      'x-format': 'currency',
    }),
    origin: Type.Object(
      {
        name: RequiredText('Warehouse name'),
        street: RequiredText(),
        city: RequiredText(),
        state: RequiredText(),
        country: Country,
        zip: RequiredText(),
        lat: Type.Number({ minimum: -90, maximum: 90 }),
        lng: Type.Number({ minimum: -180, maximum: 180 }),
        time_zone: RequiredText('IANA time zone, e.g. America/Argentina/Cordoba'),
      },
      { additionalProperties: false },
    ),
    cutoff: Time('Daily cut-off: orders after it are dispatched the next working day'),
    delivery_time: Time('Time of day of the delivery promises (min_date, max_date)'),
    working_days: Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), {
      minItems: 1,
      uniqueItems: true,
      description: 'ISO weekdays: 1 Monday … 7 Sunday',
    }),
    holidays: Type.Array(
      Type.Object(
        { date: Type.String({ format: 'date', 'x-error': 'must be a date YYYY-MM-DD' }), name: Type.Optional(Text()) },
        { additionalProperties: false },
      ),
      { maxItems: 1000 },
    ),
    sizes: Type.Object(
      { S: SizeLimits, M: SizeLimits, L: SizeLimits, XL: SizeLimits },
      { additionalProperties: false },
    ),
    zip_key: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'Regular expression; its first group (or whole match) is the postal-code key',
      }),
    ),
    zones: Type.Array(Zone, {
      minItems: 1,
      maxItems: MAX_ZONES,
      description: `Checked in order; the first zone that holds the destination wins. At most ${MAX_ZONES}`,
    }),
    methods: Type.Array(MethodEntry, { minItems: 1 }),
  },
  { additionalProperties: false },
);

export type RateCardFileT = Static<typeof RateCardFile>;
