/** The label documents `GET /labels` makes (contract: `printer`). */
export const LABEL_FORMATS = ['PDF_A7', 'PDF_A4'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

/** Labels per A4 sheet: 2 columns x 4 rows of 105 x 74.25 mm. */
export const TILES_PER_A4 = 8;

/** Shipments one label document may hold (contract: `code` lists at most 500). */
export const MAX_LABEL_CODES = 500;
