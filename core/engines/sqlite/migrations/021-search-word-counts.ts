/**
 * Totals of broad search words, kept as the index is written (core/engines/sqlite/search-counts.ts): a search of
 * one word counted every match the first time it was asked (a city at 1,000,000 shipments: 12–90 ms).
 *
 * - `search_words_kept`: the words kept (a token, or a prefix of one, as the index folds it). Never dropped.
 * - `search_word_counts`: how many shipments of an account have the word, per `party` searched (ANY, RECEIVER,
 *   SENDER: the index's columns searched, migration 016).
 * - `counted_ahead`: whether the words already broad in this store were counted (once, at the first start of a
 *   serving station with this version).
 *
 * Number 20: 19 is the webhooks' outbox.
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
