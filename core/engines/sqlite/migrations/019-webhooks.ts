/**
 * Webhooks (issue 21): the account's endpoints, and the outbox of deliveries written in the same transaction as the
 * change each announces. A pending delivery is due at `next_at`; while a worker sends it, `claim` names the worker
 * and `next_at` is when its hold runs out.
 */
export default `
CREATE TABLE webhooks (
  id               INTEGER PRIMARY KEY,
  account_id       INTEGER NOT NULL REFERENCES accounts(id),
  url              TEXT NOT NULL,
  description      TEXT,
  events           TEXT NOT NULL,
  secret           TEXT NOT NULL,
  previous_secret  TEXT,
  previous_until   INTEGER,
  enabled          INTEGER NOT NULL DEFAULT 1,
  disabled_reason  TEXT,
  created_at       INTEGER NOT NULL,
  updated_at       INTEGER NOT NULL
) STRICT;
CREATE INDEX webhooks_account ON webhooks(account_id, id);

CREATE TABLE webhook_deliveries (
  id               INTEGER PRIMARY KEY,
  webhook_id       INTEGER NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
  account_id       INTEGER NOT NULL,
  message_id       TEXT NOT NULL,
  type             TEXT NOT NULL,
  body             TEXT NOT NULL,
  state            TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts         INTEGER NOT NULL DEFAULT 0,
  next_at          INTEGER,
  claim            TEXT,
  last_status      INTEGER,
  last_error       TEXT,
  last_attempt_at  INTEGER,
  created_at       INTEGER NOT NULL
) STRICT;
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(next_at) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_of ON webhook_deliveries(webhook_id, id);
`;
