/**
 * Totals of broad searches, kept as the index is written (core/engines/sqlite/search-counts.ts): a search by words
 * counted every match the first time it was asked (a city at 1,000,000 shipments: 12–90 ms).
 *
 * - `search_words_kept`: the searches kept, each as its key: its words as the index folds them (a token, or a
 *   prefix of one), distinct, sorted and joined by a space (`fe santa`). Never dropped.
 * - `search_word_counts`: how many shipments of an account have all the words of a key, per `party` searched (ANY, RECEIVER,
 *   SENDER: the index's columns searched, migration 016).
 * - `counted_ahead`: whether the words already broad in this store were counted (once, at the first start of a
 *   serving station with this version).
 *
 * Number 21: 19 and 20 are the webhooks' outbox and its index by endpoint.
 */
export default `
CREATE TABLE search_words_kept (
  word  TEXT PRIMARY KEY
) STRICT, WITHOUT ROWID;
CREATE TABLE search_word_counts (
  word        TEXT NOT NULL,
  account_id  INTEGER NOT NULL,
  party       TEXT NOT NULL CHECK (party IN ('ANY', 'RECEIVER', 'SENDER')),
  n           INTEGER NOT NULL,
  PRIMARY KEY (word, account_id, party)
) STRICT, WITHOUT ROWID;
ALTER TABLE shipment_search_progress ADD COLUMN counted_ahead INTEGER NOT NULL DEFAULT 0;
`;
