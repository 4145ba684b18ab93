import { Type } from '@sinclair/typebox';
import { named } from '../../shared/schemas/named.js';

/** Parcels one manifest may list. */
export const MAX_MANIFEST_CODES = 500;

export const ManifestCreate = named(
  'ManifestCreate',
  Type.Object(
    {
      codes: Type.Array(
        Type.String({
          pattern: '^[A-Za-z0-9]{1,32}$',
          'x-error': 'must be a shipment code',
          'x-format': 'shipment_code',
        }),
        {
          minItems: 1,
          maxItems: MAX_MANIFEST_CODES,
          description: 'Codes of the parcels handed over, each once; every one must be TO_COLLECT',
          'x-error': `must list 1 to ${MAX_MANIFEST_CODES} codes`,
        },
      ),
    },
    { additionalProperties: false },
  ),
);

export const ManifestParams = Type.Object(
  // Path parameters arrive as text and are not coerced: digits here, a number in the handler.
  { id: Type.String({ pattern: '^[1-9][0-9]{0,14}$', 'x-error': 'must be a manifest id', 'x-format': 'id' }) },
  { additionalProperties: false },
);

export const Manifest = named(
  'Manifest',
  Type.Object({
    id: Type.Integer(),
    created_at: Type.String({ description: 'ISO 8601 UTC with milliseconds' }),
    shipments: Type.Integer({ description: 'Distinct shipments (a package counts under its parent)' }),
    pieces: Type.Integer({ description: 'Parcels listed (one per code)' }),
    weight: Type.Number({ description: 'Total weight, kilograms' }),
    codes: Type.Array(Type.String(), { description: 'The listed codes, in order' }),
    url: Type.String({ description: 'Download link of the manifest PDF: no token needed, valid 24 hours' }),
  }),
);
