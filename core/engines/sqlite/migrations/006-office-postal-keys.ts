/**
 * The postal key of each office's zip (see quote/ratecard.ts `postalKey`), so that a `zip` filter finds offices
 * by key through an index: `X5000ABC` and `5000` are one code under the default rate card. Keys depend on the
 * active card's `zip_key`; `office_zip_keys` records which pattern they were computed with (no row: never; a row
 * with NULL: a card without `zip_key`), and the directory recomputes them when the active pattern differs.
 */
export default `
ALTER TABLE offices ADD COLUMN zip_key TEXT;
DROP INDEX offices_usable_zip;
CREATE INDEX offices_usable_zip_key ON offices(zip_key, id) WHERE active = 1 AND parcel = 1;
CREATE TABLE office_zip_keys (
  id       INTEGER PRIMARY KEY CHECK (id = 1),
  pattern  TEXT
) STRICT;
`;
