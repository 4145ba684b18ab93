/**
 * Pending deliveries indexed by endpoint (issue 21): a paused endpoint (or one a 410 disabled) keeps what is announced
 * meanwhile, and the worker's every look at the outbox (its next due time, each claim) walked that whole backlog in
 * due order to skip it: 40 ms each at 100,000 held messages, twice a poll, on the service's thread. Looked up per
 * enabled endpoint instead, a held backlog is never read until its endpoint is enabled again.
 */
export default `
DROP INDEX webhook_deliveries_due;
CREATE INDEX webhook_deliveries_pending ON webhook_deliveries(webhook_id, next_at) WHERE state = 'pending';
`;
