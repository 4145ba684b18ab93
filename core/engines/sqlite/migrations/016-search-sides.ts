/**
 * The search index keeps each side of a shipment in a column of its own: `ident` (ref and code), `receiver` (the
 * destination's contact name, e-mail and address) and `sender` (the origin's). A desk searches the receiver's side
 * (with ref and code) unless asked for the sender's: the station's own address is the origin of nearly every
 * shipment, so a search for its city used to match them all (`party` of GET /shipments, docs/search.md).
 *
 * Same tokenizer, prefix indexes and merge setting as before (migrations 005 and 013); every shipment is indexed
 * again here, from the rows, so the mark of migration 011 moves to the newest one. The words are those of
 * `core/shipments/search.ts` at the time of this migration (a migration is never edited; a change is a new one).
 */
const FIELDS = [
  'contact.name',
  'contact.email',
  'address.street',
  'address.city',
  'address.state',
  'address.zip',
  'address.country',
];
const party = (p: string) => `concat_ws(' ', ${FIELDS.map((f) => `${p} ->> '$.${f}'`).join(', ')})`;

export default `
DROP TABLE shipment_search;
CREATE VIRTUAL TABLE shipment_search USING fts5(
  ident, receiver, sender,
  content='', contentless_delete=1, prefix='2 3 4 5 6 7 8 9 10', tokenize = 'unicode61 remove_diacritics 2'
);
INSERT INTO shipment_search (shipment_search, rank) VALUES ('automerge', 8);
INSERT INTO shipment_search (rowid, ident, receiver, sender)
  SELECT account_id * 1099511627776 + (1099511627775 - id), concat_ws(' ', ref, code), ${party('destination')}, ${party('origin')}
  FROM shipments ORDER BY account_id, id DESC;
INSERT INTO shipment_search (shipment_search) VALUES ('optimize');
UPDATE shipment_search_progress SET indexed_upto = coalesce((SELECT max(id) FROM shipments), 0);
`;
