/**
 * Per-status totals that concurrent creates do not queue for. One row per account and status (migration 001) was
 * updated by every create of the account and locked until its commit, so each create of an account waited for the
 * one before it to reach the disk (14 of 16 connections waiting, creates/s flat from 4 clients to 16).
 * - An account's total of a status is now spread over several rows (`slot`), summed where it is read: every reader
 *   already sums (`sum(n)` over the account's rows, or also over the status's), so each total stays exact.
 * - A shipment counted (created, its status moved, deleted) moves a row no other transaction holds
 *   (`FOR UPDATE SKIP LOCKED`), or a new row when all are held: a transaction never waits for another's counter,
 *   and the rows of a status grow to the most transactions that held them at once, not with the shipments.
 * - A new row's slot is drawn at random so that two transactions adding one at once do not take the same key (the
 *   second would wait for the first's commit); a row's `n` may go below zero (a shipment counted in one row and
 *   moved from another): only the sum is a total.
 */
export default `
ALTER TABLE shipment_counts ADD COLUMN slot INT NOT NULL DEFAULT 0;
ALTER TABLE shipment_counts DROP CONSTRAINT shipment_counts_pkey;
ALTER TABLE shipment_counts ADD PRIMARY KEY (account_id, status, slot);

CREATE FUNCTION station_count_shipment(a BIGINT, st TEXT, d INT) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  free INT;
BEGIN
  SELECT c.slot INTO free FROM shipment_counts c WHERE c.account_id = a AND c.status = st
    LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF FOUND THEN
    UPDATE shipment_counts c SET n = c.n + d WHERE c.account_id = a AND c.status = st AND c.slot = free;
  ELSE
    INSERT INTO shipment_counts AS c (account_id, status, slot, n) VALUES (a, st, floor(random() * 2147483647)::int, d)
      ON CONFLICT (account_id, status, slot) DO UPDATE SET n = c.n + d;
  END IF;
END $$;

CREATE OR REPLACE FUNCTION shipment_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM station_count_shipment(OLD.account_id, OLD.status, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM station_count_shipment(NEW.account_id, NEW.status, 1);
  END IF;
  RETURN NULL;
END $$;
`;
