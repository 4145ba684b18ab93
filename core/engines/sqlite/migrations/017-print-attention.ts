/**
 * The jobs waiting for the operator (held, unconfirmed, failed: `needsAttention` of core/printing/job-states.ts),
 * which every desk asks for again at each change of the queue: a partial index holds just them, so the question
 * costs the few of them, not every job the account ever printed. (Its WHERE is `NEEDS_ATTENTION_SQL` as it is at
 * this migration; a migration is never edited.)
 */
export default `
CREATE INDEX print_jobs_attention ON print_jobs(account_id, id)
  WHERE (state IN ('unconfirmed', 'failed') OR (state IN ('queued', 'printing') AND last_error IS NOT NULL));
`;
