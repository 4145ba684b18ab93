import { DomainError } from '../../shared/errors.js';
import { InvalidQrToken, type QrClaims, type QrTokens } from '../qr/tokens.js';
import type { ShipmentService } from '../shipments/service.js';
import type { ShipmentT } from '../shipments/schemas.js';
import { CODE_PATTERN } from '../../shared/schemas/codes.js';

export type ScanResultT =
  { kind: 'shipment'; shipment: ShipmentT } | { kind: 'new'; ref: string } | { kind: 'unknown'; code: string };

/**
 * The desk's scan rule, in one place: the value is an order ref of the account (exact), else a shipment code
 * (the label's Code 128), else a label's QR token; anything else starts a new shipment with the value as its ref.
 * A QR token that does not verify with the station's keys, or is another account's, is not found: a label scanned
 * at the wrong desk must not turn into a new order. Nor must a code misread by one character, or another account's
 * code: a value shaped like a shipment code that is none of the account's is an unknown code, not an order.
 */
export function createScanResolver(shipments: Pick<ShipmentService, 'find'>, qr: Pick<QrTokens, 'verify'>) {
  async function byToken(accountId: number, value: string): Promise<ShipmentT | 'not a token'> {
    let claims: QrClaims;
    try {
      claims = await qr.verify(value);
    } catch (e) {
      if (!(e instanceof InvalidQrToken)) throw e;
      if (e.reason === 'malformed') return 'not a token';
      throw new DomainError('not_found', `the label's QR token is not valid at this station (${e.message})`);
    }
    const shipment = claims.acc === accountId ? await shipments.find(accountId, { code: claims.code }) : undefined;
    if (!shipment) throw new DomainError('not_found', "the label is not one of this account's shipments");
    return shipment;
  }

  return async (accountId: number, value: string): Promise<ScanResultT> => {
    const known =
      (await shipments.find(accountId, { ref: value })) ?? (await shipments.find(accountId, { code: value }));
    if (known) return { kind: 'shipment', shipment: known };
    if (CODE_PATTERN.test(value)) return { kind: 'unknown', code: value };
    const labelled = await byToken(accountId, value);
    return labelled === 'not a token' ? { kind: 'new', ref: value } : { kind: 'shipment', shipment: labelled };
  };
}

export type ScanResolver = ReturnType<typeof createScanResolver>;
