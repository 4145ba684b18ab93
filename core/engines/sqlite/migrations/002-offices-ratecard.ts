/**
 * The pickup-office directory and the rate cards.
 *
 * Offices are keyed by their `code` (stable across imports) and keep their numeric `id` for ever, because
 * shipments point at it. `offices_geo` is an R*Tree over the coordinates of the offices a buyer can use, kept
 * in step by triggers, so that a `near` search reads a small box instead of the whole table.
 *
 * Rate cards keep every imported version; exactly one is active (partial unique index), so that an import is
 * one transaction that flips the flag and a refused card leaves the previous one in force.
 */
export default `
CREATE TABLE offices (
  id             INTEGER PRIMARY KEY,
  code           TEXT NOT NULL UNIQUE COLLATE NOCASE,
  name           TEXT NOT NULL,
  company        TEXT NOT NULL,
  street         TEXT NOT NULL,
  city           TEXT NOT NULL,
  state          TEXT NOT NULL,
  country        TEXT NOT NULL,
  zip            TEXT NOT NULL COLLATE NOCASE,
  lat            REAL NOT NULL,
  lng            REAL NOT NULL,
  active         INTEGER NOT NULL,
  parcel         INTEGER NOT NULL,
  opening_hours  TEXT NOT NULL,
  updated_at     INTEGER NOT NULL
) STRICT;
CREATE INDEX offices_usable_zip ON offices(zip, id) WHERE active = 1 AND parcel = 1;
CREATE INDEX offices_usable ON offices(id) WHERE active = 1 AND parcel = 1;

CREATE VIRTUAL TABLE offices_geo USING rtree(id, min_lat, max_lat, min_lng, max_lng);

CREATE TRIGGER offices_geo_insert AFTER INSERT ON offices WHEN new.active = 1 AND new.parcel = 1 BEGIN
  INSERT INTO offices_geo VALUES (new.id, new.lat, new.lat, new.lng, new.lng);
END;
CREATE TRIGGER offices_geo_update AFTER UPDATE ON offices BEGIN
  DELETE FROM offices_geo WHERE id = old.id;
  INSERT INTO offices_geo SELECT new.id, new.lat, new.lat, new.lng, new.lng WHERE new.active = 1 AND new.parcel = 1;
END;
CREATE TRIGGER offices_geo_delete AFTER DELETE ON offices BEGIN
  DELETE FROM offices_geo WHERE id = old.id;
END;

CREATE TABLE rate_cards (
  id           INTEGER PRIMARY KEY,
  version      TEXT NOT NULL,
  body         TEXT NOT NULL,
  source       TEXT NOT NULL,
  imported_at  INTEGER NOT NULL,
  active       INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE UNIQUE INDEX rate_cards_one_active ON rate_cards(active) WHERE active = 1;
`;
