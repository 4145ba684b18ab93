import { Type } from '@sinclair/typebox';
import { fieldError } from '../errors.js';
import { defineOperation } from '../operations/types.js';
import { StringEnum } from '../schemas/common.js';
import { MAX_LABEL_CODES } from './service.js';
import { LABEL_FORMATS, TILES_PER_A4 } from './formats.js';

const tags = ['Labels'];
const CODE = /^[A-Za-z0-9]{1,32}$/;

const CodeList = Type.String({
  minLength: 1,
  maxLength: MAX_LABEL_CODES * 33,
  description: `Shipment code, or up to ${MAX_LABEL_CODES} codes separated by commas (one document, in this order)`,
});

/** `code=A,B,C` → ['A','B','C']; an empty item or a non-code is a 400 naming `/code`. */
export function codeList(value: string): string[] {
  const codes = value.split(',').map((c) => c.trim());
  if (codes.length > MAX_LABEL_CODES) throw fieldError('/code', `must list at most ${MAX_LABEL_CODES} codes`);
  const bad = codes.find((c) => !CODE.test(c));
  if (bad !== undefined) throw fieldError('/code', bad ? `${bad} is not a shipment code` : 'has an empty item');
  return codes;
}

export const LabelQuery = Type.Object(
  {
    code: CodeList,
    printer: Type.Optional(StringEnum(LABEL_FORMATS, 'PDF_A7 (default): one 74 x 105 mm label per page; PDF_A4: 8 labels per A4 page')),
    start: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: TILES_PER_A4,
        description: 'PDF_A4 only: first tile to print on (1..8, row by row), to reuse a partly used sheet',
        'x-error': `must be a whole number from 1 to ${TILES_PER_A4}`,
      }),
    ),
    packages: Type.Optional(Type.Boolean({ description: "Add each parent shipment's packages after it: one document, every piece" })),
  },
  { additionalProperties: false },
);

export const QrQuery = Type.Object({ code: Type.String({ pattern: CODE.source, 'x-error': 'must be a shipment code' }) }, { additionalProperties: false });

export const Label = Type.Object({ url: Type.String({ description: 'Download link of the PDF: no token needed, valid 24 hours' }) });
export const LabelQr = Type.Object({ qr: Type.String({ description: 'Compact JWS (EdDSA, kid in the header), payload {code, acc, iat}' }) });

export const labelOperations = [
  defineOperation({
    name: 'labels.get',
    summary: 'Generate a label',
    description:
      'Renders the label(s) of one or more shipments into one PDF and returns a token-free link to it, valid 24 hours. Sets labelled_at; a canceled shipment is 409 invalid_state.',
    tags,
    permission: 'shipments.read',
    input: { query: LabelQuery },
    output: Label,
    handler: ({ principal, services, baseUrl }, { query }) =>
      services.labels.issue(
        principal.accountId,
        codeList(query.code),
        { format: query.printer ?? 'PDF_A7', start: query.start, packages: query.packages },
        baseUrl,
      ),
  }),
  defineOperation({
    name: 'labels.qr',
    summary: 'Get the QR token of a label',
    description: 'The signed token that the label’s QR encodes; verify it with the keys of `/.well-known/jwks.json`.',
    tags,
    permission: 'shipments.read',
    input: { query: QrQuery },
    output: LabelQr,
    handler: async ({ principal, services }, { query }) => ({ qr: await services.labels.qrToken(principal.accountId, query.code) }),
  }),
];
