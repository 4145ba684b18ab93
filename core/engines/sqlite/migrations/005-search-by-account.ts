/**
 * Search that stays inside each account's part of the indexes, for every station however many accounts it has.
 *
 * `shipment_search` replaces `shipments_fts`, with the same words and tokenizer. Its rowid is
 * `account_id * 2^40 + (2^40 - 1 - id)` (see core/shipments/search.ts): one account's entries are one rowid range,
 * newest first, so that counting and paging an account's matches never reads a shipment row.
 * Every word of `q` is a prefix. A prefix longer than the indexed lengths makes FTS5 merge the doclists of every
 * word that starts with it (all of "garcia", "garcia1", … "garcia99" of the e-mails) into a copy before the first
 * match; with a prefix index the matches are one doclist, read in order and stopped after the page. Indexing
 * prefixes up to 10 characters (names, cities, zips, e-mail user names) halves the cost of broad queries and makes
 * their page nearly free, for about twice the index size. (detail=none, tried: prefix queries got twice as slow.)
 *
 * `shipment_counts` keeps each account's number of shipments per status, so that the total of a list without
 * `q` (or by status only) is a few rows read instead of every index entry of the account.
 *
 * Existing stores are upgraded in place: the index is rebuilt from the rows. The words are those of
 * `searchWords` (core/shipments/service.ts) at the time of this migration: ref, code, then for origin and
 * destination the contact's name and e-mail and every address field (a migration is never edited; a change to the
 * words is a new one).
 */
const party = (p: string) =>
  ['contact.name', 'contact.email', 'address.street', 'address.city', 'address.state', 'address.zip', 'address.country']
    .map((f) => `${p} ->> '$.${f}'`)
    .join(', ');

export default `
DROP TABLE shipments_fts;

CREATE VIRTUAL TABLE shipment_search USING fts5(
  words, content='', contentless_delete=1, prefix='2 3 4 5 6 7 8 9 10', tokenize = 'unicode61 remove_diacritics 2'
);
INSERT INTO shipment_search (rowid, words)
  SELECT account_id * 1099511627776 + (1099511627775 - id), concat_ws(' ', ref, code, ${party('origin')}, ${party('destination')})
  FROM shipments ORDER BY account_id, id DESC;
-- One segment per level instead of the many that a bulk insert leaves: fewer doclists to merge per query.
INSERT INTO shipment_search (shipment_search) VALUES ('optimize');

CREATE TABLE shipment_counts (
  account_id  INTEGER NOT NULL,
  status      TEXT NOT NULL,
  n           INTEGER NOT NULL,
  PRIMARY KEY (account_id, status)
) STRICT, WITHOUT ROWID;
INSERT INTO shipment_counts (account_id, status, n) SELECT account_id, status, count(*) FROM shipments GROUP BY account_id, status;

CREATE TRIGGER shipment_counts_insert AFTER INSERT ON shipments BEGIN
  INSERT INTO shipment_counts (account_id, status, n) VALUES (new.account_id, new.status, 1)
    ON CONFLICT (account_id, status) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER shipment_counts_status AFTER UPDATE OF status ON shipments WHEN old.status <> new.status BEGIN
  UPDATE shipment_counts SET n = n - 1 WHERE account_id = old.account_id AND status = old.status;
  INSERT INTO shipment_counts (account_id, status, n) VALUES (new.account_id, new.status, 1)
    ON CONFLICT (account_id, status) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER shipment_counts_delete AFTER DELETE ON shipments BEGIN
  UPDATE shipment_counts SET n = n - 1 WHERE account_id = old.account_id AND status = old.status;
END;
`;
