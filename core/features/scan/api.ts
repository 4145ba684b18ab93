import { defineSpecs } from '../../shared/spec.js';
import { ScanQuery, ScanResult } from './schemas.js';

export const scanApi = defineSpecs({
  'scan.resolve': {
    summary: 'What a scanned value opens at the desk',
    description:
      "An order ref of the account (exact, trimmed), a shipment code (the label's Code 128) or a label's QR token is that shipment; a value shaped like a shipment code (10 characters of the code alphabet) that is none of them is an unknown code; anything else is a new shipment with the value as its ref. A QR token that does not verify with the station's keys, or is another account's, is 404 not_found.",
    tags: ['Shipments'],
    permission: 'shipments.read',
    http: { method: 'GET', path: '/scan' },
    input: { query: ScanQuery },
    output: ScanResult,
  },
});
