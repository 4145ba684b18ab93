/**
 * Creates from several stations at once, without a lock held until each commits. A shipment's id and creation time
 * are drawn together, and only that draw is serialised: `station_draw_shipment(now)` takes an advisory lock for the
 * two sequence steps and lets it go, so that commits (each an fsync) overlap across connections and stations.
 * - `shipment_clock` holds the creation time of the newest shipment drawn. Like the id's sequence, it is not
 *   transactional: a draw that is rolled back leaves both where they were moved, so a later id never gets an
 *   earlier time, whichever transaction commits first (contract: creation order and id order agree).
 * - A time is the caller's clock, or the newest drawn when that is later (a clock that stepped back, or a station
 *   whose clock is behind another's).
 * - The lock is a session lock released before the function returns, also when a step fails; a transaction's
 *   lock (pg_advisory_xact_lock) would be held to the commit, which is what this replaces.
 */
export default `
CREATE SEQUENCE shipment_clock AS BIGINT MINVALUE 0 START WITH 0;
SELECT setval('shipment_clock', coalesce((SELECT max(created_at) FROM shipments), 0), true);

CREATE FUNCTION station_draw_shipment(now_ms BIGINT, OUT id BIGINT, OUT created_at BIGINT)
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_lock(20);
  BEGIN
    created_at := greatest(now_ms, (SELECT last_value FROM shipment_clock));
    PERFORM setval('shipment_clock', created_at, true);
    id := nextval(pg_get_serial_sequence('shipments', 'id'));
  EXCEPTION WHEN OTHERS THEN
    PERFORM pg_advisory_unlock(20);
    RAISE;
  END;
  PERFORM pg_advisory_unlock(20);
END $$;
`;
