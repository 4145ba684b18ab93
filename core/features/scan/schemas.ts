import { Type } from '@sinclair/typebox';
import { RequiredText } from '../../platform/schemas/common.js';
import { named } from '../../shared/schemas/named.js';
import { Shipment } from '../shipments/schemas.js';

export const ScanQuery = Type.Object(
  {
    value: RequiredText(
      "What the scanner read: an order ref, a shipment code (the label's barcode) or a label's QR token",
    ),
  },
  { additionalProperties: false },
);

export const ScanResult = named(
  'ScanResult',
  Type.Union([
    Type.Object(
      { kind: Type.Literal('shipment'), shipment: Shipment },
      { description: 'The value names this shipment of the account' },
    ),
    Type.Object(
      { kind: Type.Literal('new'), ref: Type.String({ description: 'The value, as the ref of a new shipment' }) },
      {
        description: 'Nothing of the account has this value: a new shipment with it as its ref',
      },
    ),
    Type.Object(
      {
        kind: Type.Literal('unknown'),
        code: Type.String({ description: 'The value, shaped like a shipment code' }),
      },
      {
        description:
          "The value is shaped like a shipment code (10 characters of the code alphabet) and is none of the account's shipments: a misread or another account's label, never a new order",
      },
    ),
  ]),
);
