/**
 * Pending deliveries indexed by endpoint, as SQLite's migration 020: a paused or disabled endpoint's backlog was
 * walked in due order, to be skipped, by the next-due look and by every claim of every station.
 */
export default `
DROP INDEX webhook_deliveries_due;
CREATE INDEX webhook_deliveries_pending ON webhook_deliveries(webhook_id, next_at) WHERE state = 'pending';
`;
