import { Type } from '@sinclair/typebox';
import { fieldError, rangeError } from '../../shared/errors.js';
import type { LabelFormat } from '../../shared/schemas/codes.js';

/** Labels per A4 sheet: 2 columns x 4 rows of 105 x 74.25 mm. */
export const TILES_PER_A4 = 8;

/** Shipments one label document (or print job) may hold (contract: `code` lists at most 500). */
export const MAX_LABEL_CODES = 500;

/** The first tile of the first A4 sheet, as every request that makes sheets takes it. */
export const StartTile = (description: string) =>
  Type.Integer({
    minimum: 1,
    maximum: TILES_PER_A4,
    description: `PDF_A4 only: ${description} (1..${TILES_PER_A4}, row by row)`,
    'x-error': `must be a whole number from 1 to ${TILES_PER_A4}`,
  });

/**
 * The first tile a document of `format` starts on: `start` is for A4 sheets only (the schema bounds it), named in a
 * refusal by the request's own word for the format (`printer` for GET /labels, `format` for a print job).
 */
export function startTile(format: LabelFormat, start: number | undefined, formatField: string): number {
  if (start === undefined) return 1;
  if (format !== 'PDF_A4')
    throw fieldError('/start', 'not_allowed', `is accepted with ${formatField} PDF_A4 only`, {
      only_with: `${formatField}=PDF_A4`,
    });
  if (!Number.isInteger(start) || start < 1 || start > TILES_PER_A4)
    throw rangeError('/start', `must be a whole number from 1 to ${TILES_PER_A4}`, start, {
      min: 1,
      max: TILES_PER_A4,
      integer: true,
    });
  return start;
}

/** A document names 1 to MAX_LABEL_CODES shipments. */
export function checkLabelCount(codes: readonly string[], path: string): void {
  if (codes.length === 0) throw fieldError(path, 'min_items', 'must name at least one shipment', { limit: 1 });
  if (codes.length > MAX_LABEL_CODES)
    throw fieldError(path, 'max_items', `must list at most ${MAX_LABEL_CODES} codes`, { limit: MAX_LABEL_CODES });
}
