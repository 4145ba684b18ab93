/**
 * Accounts, tokens, shipments (packages are shipments with a parent), tracking events and the full-text index.
 * Dates are integer milliseconds since the epoch (UTC) so that range filters and sorting use plain indexes.
 */
export default `
CREATE TABLE accounts (
  id          INTEGER PRIMARY KEY,
  name        TEXT NOT NULL UNIQUE COLLATE NOCASE,
  created_at  INTEGER NOT NULL
) STRICT;

-- Station-wide settings that an operator may change (time zone, ...); environment variables override them.
CREATE TABLE settings (
  key    TEXT PRIMARY KEY,
  value  TEXT NOT NULL
) STRICT;

CREATE TABLE tokens (
  id            INTEGER PRIMARY KEY,
  account_id    INTEGER NOT NULL REFERENCES accounts(id),
  name          TEXT NOT NULL,
  prefix        TEXT NOT NULL,
  hash          BLOB NOT NULL UNIQUE,
  permissions   TEXT NOT NULL,
  created_at    INTEGER NOT NULL,
  expires_at    INTEGER,
  revoked_at    INTEGER,
  last_used_at  INTEGER
) STRICT;
CREATE INDEX tokens_account ON tokens(account_id);

CREATE TABLE shipments (
  id              INTEGER PRIMARY KEY,
  account_id      INTEGER NOT NULL REFERENCES accounts(id),
  code            TEXT NOT NULL UNIQUE,
  ref             TEXT NOT NULL,
  type            TEXT NOT NULL,
  method          TEXT NOT NULL,
  office_id       INTEGER,
  value           REAL,
  content         TEXT,
  notes           TEXT,
  platform        TEXT,
  origin          TEXT NOT NULL,
  destination     TEXT NOT NULL,
  dimensions      TEXT NOT NULL,
  status          TEXT NOT NULL,
  sub_status      TEXT,
  parent_id       INTEGER REFERENCES shipments(id),
  number          INTEGER,
  packages        INTEGER NOT NULL DEFAULT 0,
  created_at      INTEGER NOT NULL,
  updated_at      INTEGER NOT NULL,
  labelled_at     INTEGER,
  UNIQUE (account_id, ref),
  UNIQUE (parent_id, number)
) STRICT;
CREATE INDEX shipments_created ON shipments(account_id, created_at, id);
CREATE INDEX shipments_updated ON shipments(account_id, updated_at, id);
CREATE INDEX shipments_status ON shipments(account_id, status, created_at);
CREATE INDEX shipments_pending ON shipments(account_id, created_at) WHERE labelled_at IS NULL AND status <> 'CANCELED';

CREATE TABLE events (
  id           INTEGER PRIMARY KEY,
  shipment_id  INTEGER NOT NULL REFERENCES shipments(id),
  date         INTEGER NOT NULL,
  status       TEXT NOT NULL,
  sub_status   TEXT,
  issue        TEXT,
  receiver     TEXT
) STRICT;
CREATE INDEX events_shipment ON events(shipment_id, id);

-- Contentless: search needs only the matching rowids (= shipment ids); the text lives in shipments.
-- Prefix indexes of 2 and 3 characters: without them a short prefix that most shipments share ("ORD" of
-- "ORD-0012345") makes FTS5 merge a doclist of every shipment (~80 ms at 1,000,000; 0.1 ms with them).
CREATE VIRTUAL TABLE shipments_fts USING fts5(
  words, content='', contentless_delete=1, prefix='2 3', tokenize = 'unicode61 remove_diacritics 2'
);
`;
