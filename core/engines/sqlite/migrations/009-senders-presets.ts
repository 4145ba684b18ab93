/**
 * What a packing desk keeps per account: senders (the origin of new shipments, one of them the default) and
 * package presets (saved box sizes the desk picks by a one-key hotkey). Contact and address are JSON in the
 * shipment schemas' own shapes, validated on the way in. The partial unique index is the "one default" rule.
 */
export default `
CREATE TABLE senders (
  id          INTEGER PRIMARY KEY,
  account_id  INTEGER NOT NULL REFERENCES accounts(id),
  label       TEXT NOT NULL,
  is_default  INTEGER NOT NULL CHECK (is_default IN (0, 1)),
  contact     TEXT NOT NULL,
  address     TEXT NOT NULL,
  created_at  INTEGER NOT NULL,
  updated_at  INTEGER NOT NULL,
  UNIQUE (account_id, label)
) STRICT;
CREATE UNIQUE INDEX senders_default ON senders(account_id) WHERE is_default = 1;

CREATE TABLE package_presets (
  id          INTEGER PRIMARY KEY,
  account_id  INTEGER NOT NULL REFERENCES accounts(id),
  name        TEXT NOT NULL,
  key         TEXT NOT NULL CHECK (length(key) = 1),
  length      REAL NOT NULL,
  width       REAL NOT NULL,
  height      REAL NOT NULL,
  weight      REAL,
  created_at  INTEGER NOT NULL,
  updated_at  INTEGER NOT NULL,
  UNIQUE (account_id, key)
) STRICT;
`;
