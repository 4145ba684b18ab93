/**
 * Delivered deliveries indexed by their last attempt (issue 21's retention): the deletion of those past their
 * retention, every 10 minutes, read the whole outbox to find them — a week of a busy station's messages, bodies
 * and all, on the service's thread. Now it reads only what it deletes.
 *
 * Number 22: 21 is the kept search totals.
 */
export default `
CREATE INDEX webhook_deliveries_delivered ON webhook_deliveries(last_attempt_at) WHERE state = 'delivered';
`;
