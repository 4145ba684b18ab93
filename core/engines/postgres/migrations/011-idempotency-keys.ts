/**
 * Idempotency keys, as SQLite's migration 023: what a request sent with `Idempotency-Key` answered, per account and
 * key, for 24 hours. Stations sharing the database share the keys: the primary key makes a second station's record
 * of the same key wait for the first's transaction, then fail to be written.
 */
export default `
CREATE TABLE idempotency_keys (
  account_id    BIGINT NOT NULL,
  key           TEXT NOT NULL,
  request_hash  TEXT NOT NULL,
  status        INT,
  body          TEXT,
  created_at    BIGINT NOT NULL,
  expires_at    BIGINT NOT NULL,
  PRIMARY KEY (account_id, key)
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys(expires_at);
`;
