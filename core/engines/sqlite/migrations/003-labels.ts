/**
 * Label downloads and collection manifests. (The QR signing keys are files in `<data>/keys/`, not rows: the
 * offline `station verify` reads them without the database.)
 *
 * A download is reachable without a token through an unguessable secret in its url; only the secret's SHA-256
 * is stored, so a copy of the database does not hand out live links. Label PDFs expire after 24 hours;
 * a manifest's PDF is kept, and each read of the manifest issues a fresh link to it.
 */
export default `
CREATE TABLE label_files (
  id           INTEGER PRIMARY KEY,
  secret_hash  BLOB NOT NULL UNIQUE,
  account_id   INTEGER NOT NULL REFERENCES accounts(id),
  kind         TEXT NOT NULL CHECK (kind IN ('label', 'manifest')),
  codes        TEXT NOT NULL,
  format       TEXT NOT NULL,
  file         TEXT NOT NULL,
  created_at   INTEGER NOT NULL,
  expires_at   INTEGER NOT NULL
) STRICT;
CREATE INDEX label_files_expiry ON label_files(expires_at);

CREATE TABLE manifests (
  id          INTEGER PRIMARY KEY,
  account_id  INTEGER NOT NULL REFERENCES accounts(id),
  created_at  INTEGER NOT NULL,
  shipments   INTEGER NOT NULL,
  pieces      INTEGER NOT NULL,
  weight      REAL NOT NULL
) STRICT;
CREATE INDEX manifests_account ON manifests(account_id, id);

CREATE TABLE manifest_items (
  manifest_id  INTEGER NOT NULL REFERENCES manifests(id),
  position     INTEGER NOT NULL,
  shipment_id  INTEGER NOT NULL REFERENCES shipments(id),
  PRIMARY KEY (manifest_id, position)
) STRICT;
CREATE INDEX manifest_items_shipment ON manifest_items(shipment_id);
`;
