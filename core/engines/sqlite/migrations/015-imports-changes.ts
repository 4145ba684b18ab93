/**
 * Order imports and parcel corrections (issue 19).
 * - `import_mappings`: an account's saved column mappings (an export's columns → the shipment's fields), reused by
 *   name. The definition is JSON in the shape of `ImportMapping` (core/imports/schemas.ts), validated on the way in.
 * - `shipment_changes`: the history of corrections made to a shipment before its label (`PATCH /shipments/{id}`):
 *   what changed from what to what, when, and by which credential.
 */
export default `
CREATE TABLE import_mappings (
  id          INTEGER PRIMARY KEY,
  account_id  INTEGER NOT NULL REFERENCES accounts(id),
  name        TEXT NOT NULL,
  definition  TEXT NOT NULL,
  created_at  INTEGER NOT NULL,
  updated_at  INTEGER NOT NULL,
  UNIQUE (account_id, name)
) STRICT;

CREATE TABLE shipment_changes (
  id           INTEGER PRIMARY KEY,
  shipment_id  INTEGER NOT NULL REFERENCES shipments(id),
  date         INTEGER NOT NULL,
  changes      TEXT NOT NULL,
  made_by      TEXT NOT NULL
) STRICT;
CREATE INDEX shipment_changes_of ON shipment_changes(shipment_id, id);
`;
