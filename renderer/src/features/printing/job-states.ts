/**
 * The print queue's states come from the service's own list (one home: core/printing/job-states.ts). Until the
 * service exports what is final, this is the one place the desk says it.
 */
import type { JobState } from '../../../../core/printing/job-states';
export { JOB_STATES, type JobState } from '../../../../core/printing/job-states';

const FINAL: readonly JobState[] = ['done', 'failed', 'canceled'];
export const isFinalJobState = (state: JobState): boolean => FINAL.includes(state);
