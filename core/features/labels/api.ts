import { defineSpecs } from '../../shared/spec.js';
import { CodeQuery, Label, LabelPreview, LabelQr, LabelQuery } from './schemas.js';

const tags = ['Labels'];

export const labelApi = defineSpecs({
  'labels.get': {
    summary: 'Generate a label',
    description:
      'Renders the label(s) of one or more shipments into one PDF and returns a token-free link to it, valid 24 hours ' +
      '(`GET /labels/files/{file}`). Sets labelled_at; a canceled shipment is 409 invalid_state. `start` is accepted with ' +
      '`printer=PDF_A4` only (400 otherwise).',
    tags,
    permission: 'shipments.read',
    http: { method: 'GET', path: '/labels' },
    input: { query: LabelQuery },
    output: Label,
  },
  'labels.qr': {
    summary: 'Get the QR token of a label',
    description:
      'The signed token that the label’s QR encodes; verify it with the keys of `/.well-known/jwks.json`. A shipment’s token ' +
      'is fixed when its first label (or this token, or a preview) is made, `iat` that moment: every printed, downloaded or ' +
      'previewed copy carries the same token, until the key that signed it is retired (then a new one is fixed).',
    tags,
    permission: 'shipments.read',
    http: { method: 'GET', path: '/labels/qr' },
    input: { query: CodeQuery },
    output: LabelQr,
  },
  'labels.preview': {
    summary: 'Look at a label',
    description:
      "The shipment's A7 label as an image: the same 1-bit drawing a 203 dpi thermal printer gets. A preview is not a label: labelled_at does not change. A canceled shipment is 409 invalid_state.",
    tags,
    permission: 'shipments.read',
    http: { method: 'GET', path: '/labels/preview' },
    input: { query: CodeQuery },
    output: LabelPreview,
  },
});
