/** Labels per A4 sheet: 2 columns x 4 rows of 105 x 74.25 mm. */
export const TILES_PER_A4 = 8;

/** Shipments one label document may hold (contract: `code` lists at most 500). */
export const MAX_LABEL_CODES = 500;
