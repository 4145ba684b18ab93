import { Type, type Static } from '@sinclair/typebox';
import { Measure, StringEnum } from '../schemas/common.js';
import { SIZES } from './ratecard-schema.js';

const parcel = (unit: string) =>
  Measure(
    `The parcel, in ${unit}; with all four of length, width, height and weight the size is the card's smallest that holds it`,
  );

export const QuoteQuery = Type.Object(
  {
    lat: Type.Optional(
      Type.Number({ minimum: -90, maximum: 90, description: 'Latitude of the destination (with lng)' }),
    ),
    lng: Type.Optional(
      Type.Number({ minimum: -180, maximum: 180, description: 'Longitude of the destination (with lat)' }),
    ),
    zip: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 20,
        description: 'Postal code; required when lat and lng are not given',
        'x-error': 'must be 1 to 20 characters',
      }),
    ),
    size: Type.Optional(
      StringEnum(
        SIZES,
        'Size of the parcel (limits in the rate card); M when absent; not with length, width, height and weight',
      ),
    ),
    length: Type.Optional(parcel('centimetres')),
    width: Type.Optional(parcel('centimetres')),
    height: Type.Optional(parcel('centimetres')),
    weight: Type.Optional(parcel('kilograms')),
  },
  { additionalProperties: false },
);
export type QuoteQueryT = Static<typeof QuoteQuery>;

const OffsetDateTime = (description: string) =>
  Type.String({ format: 'date-time', description: `${description}, ISO 8601 with the origin's UTC offset` });

export const QuoteOption = Type.Object({
  method: Type.String({ description: 'STANDARD, EXPRESS, SAME_DAY or PICKUP' }),
  name: Type.String(),
  title: Type.String(),
  rate: Type.Number(),
  currency: Type.String({ description: 'ISO 4217' }),
  min_date: OffsetDateTime('Earliest delivery promise'),
  max_date: OffsetDateTime('Latest delivery promise'),
});

export const QuoteOptions = Type.Array(QuoteOption);
