/**
 * Idempotency keys (issue 30): what a request sent with `Idempotency-Key` answered, per account and key, for 24 hours
 * (core/idempotency/). The record is written in the transaction of the operation's writes; `status` and `body` are
 * null until its answer is added. No reference to accounts: the record is only ever read by its account's requests,
 * and expires on its own.
 */
export default `
CREATE TABLE idempotency_keys (
  account_id    INTEGER NOT NULL,
  key           TEXT NOT NULL,
  request_hash  TEXT NOT NULL,
  status        INTEGER,
  body          TEXT,
  created_at    INTEGER NOT NULL,
  expires_at    INTEGER NOT NULL,
  PRIMARY KEY (account_id, key)
) STRICT;
CREATE INDEX idempotency_keys_expiry ON idempotency_keys(expires_at);
`;
