/**
 * The print job's states and what an operator may do in each: the one home of that rule, for the service that
 * enforces it and for the desk that offers the buttons. Imports nothing, so the renderer may import it.
 *
 * - `queued`: waiting for its printer (or for its next attempt after a failed delivery);
 * - `printing`: a worker is delivering it;
 * - `unconfirmed`: the bytes of the label at `progress.done` may have reached the printer, but the printer never
 *   confirmed them (the station died or the connection broke mid-label). The station does not send it again by
 *   itself: the operator says "it printed" (`confirm`) or "print again" (`print_again`);
 * - `done`, `failed`, `canceled`: nothing more happens unless the operator asks; a failed job waits for the operator
 *   to retry it, move it, or set it aside (cancel).
 */
export const JOB_STATES = ['queued', 'printing', 'unconfirmed', 'done', 'failed', 'canceled'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** States the queue will never leave by itself. */
export const FINAL_JOB_STATES: readonly JobState[] = ['done', 'failed', 'canceled'];

/** Actions on a job, by the operation that performs each (`POST /print-jobs/{id}/<action>`). */
export const JOB_ACTIONS = ['retry', 'cancel', 'move', 'confirm', 'print_again'] as const;
export type JobAction = (typeof JOB_ACTIONS)[number];

/**
 * What the operator may do in each state. A job that waits for the operator is `unconfirmed` (it needs an
 * answer); `move` sends the rest of a job to another printer, also while an attempt is under way (a printer switched
 * off may take seconds to refuse each one: the operator must not have to catch the job between two attempts), but not
 * while a label's bytes are on their way (see PrintJobs.move); a `printing` job is canceled after the label in
 * flight.
 */
export const ACTIONS_BY_STATE: Readonly<Record<JobState, readonly JobAction[]>> = {
  queued: ['retry', 'cancel', 'move'],
  printing: ['cancel', 'move'],
  unconfirmed: ['confirm', 'print_again', 'cancel', 'move'],
  done: [],
  failed: ['retry', 'move', 'cancel'],
  canceled: ['retry', 'move'],
};

export const isFinalJobState = (state: JobState): boolean => FINAL_JOB_STATES.includes(state);
/** The job waits for the operator's answer before anything else is printed for it. */
export const needsOperator = (state: JobState): boolean => state === 'unconfirmed';
export const canDo = (state: JobState, action: JobAction): boolean => ACTIONS_BY_STATE[state].includes(action);
/** Jobs that hold their printer: it cannot be removed while it has any (move or cancel them first). */
export const HOLDS_PRINTER: readonly JobState[] = ['queued', 'printing', 'unconfirmed'];

/**
 * A job waits for the operator: held (its printer did not take a label; it is retried by itself, and stays held
 * while a retry is under way until the job is done),
 * unconfirmed (did the label print?) or failed (retry, move or set aside). The desk keeps these in sight on every
 * screen (`GET /print-jobs/attention`).
 */
export const needsAttention = (job: { state: JobState; last_error: string | null }): boolean =>
  job.state === 'unconfirmed' ||
  job.state === 'failed' ||
  ((job.state === 'queued' || job.state === 'printing') && job.last_error !== null);
/** The same rule as SQL over `print_jobs`, for the store (and its partial index, migration 017). */
export const NEEDS_ATTENTION_SQL =
  "(state IN ('unconfirmed', 'failed') OR (state IN ('queued', 'printing') AND last_error IS NOT NULL))";
