import { Type } from '@sinclair/typebox';
import { LabelFormat } from '../../platform/schemas/common.js';
import { described, named } from '../../shared/schemas/named.js';
import { MAX_LABEL_CODES, StartTile } from './formats.js';

/** A shipment code as a label request may name it (the service says whether it exists). */
export const CODE = /^[A-Za-z0-9]{1,32}$/;

export const CodeList = Type.String({
  minLength: 1,
  maxLength: MAX_LABEL_CODES * 33,
  description: `Shipment code, or up to ${MAX_LABEL_CODES} codes separated by commas (one document, in this order)`,
});

export const LabelQuery = Type.Object(
  {
    code: CodeList,
    printer: Type.Optional(
      described(LabelFormat, 'PDF_A7 (default): one 74 x 105 mm label per page; PDF_A4: 8 labels per A4 page'),
    ),
    start: Type.Optional(StartTile('first tile to print on, to reuse a partly used sheet')),
    packages: Type.Optional(
      Type.Boolean({ description: "Add each parent shipment's packages after it: one document, every piece" }),
    ),
  },
  { additionalProperties: false },
);

export const CodeQuery = Type.Object(
  { code: Type.String({ pattern: CODE.source, 'x-error': 'must be a shipment code', 'x-format': 'shipment_code' }) },
  { additionalProperties: false },
);

export const Label = named(
  'Label',
  Type.Object({
    url: Type.String({ description: 'Download link of the PDF: no token needed, valid 24 hours' }),
  }),
);
export const LabelQr = named(
  'LabelQr',
  Type.Object({
    qr: Type.String({
      description:
        'Compact JWS (EdDSA, kid in the header), payload {code, acc, iat}: the token the label’s QR encodes, fixed when the first label was made',
    }),
  }),
);

export const LabelPreview = named(
  'LabelPreview',
  Type.Object({
    image: Type.String({
      description: 'data:image/png;base64,… — the 1-bit raster a 203 dpi thermal printer gets, black on white',
    }),
    width: Type.Integer({ description: 'Pixels (printer dots)' }),
    height: Type.Integer({ description: 'Pixels (printer dots)' }),
  }),
);
