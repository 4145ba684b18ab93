/**
 * Delivered deliveries indexed by their last attempt, as SQLite's migration 022: the deletion of those past their
 * retention read the whole outbox to find them.
 *
 * Number 10: 9 is the kept search totals.
 */
export default `
CREATE INDEX webhook_deliveries_delivered ON webhook_deliveries(last_attempt_at) WHERE state = 'delivered';
`;
