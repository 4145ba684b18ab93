/**
 * The print queue's states come from the service's own list (one home: core/printing/job-states.ts). What the
 * operator may do in each state is the service's rule too; until the service exports it, it is said here once.
 */
import type { JobState } from '../../../../core/printing/job-states';
export { JOB_STATES, type JobState } from '../../../../core/printing/job-states';

export type JobAction = 'retry' | 'cancel' | 'move';

const FINAL: readonly JobState[] = ['done', 'failed', 'canceled'];
export const isFinalJobState = (state: JobState): boolean => FINAL.includes(state);

const ACTIONS: Record<JobState, readonly JobAction[]> = {
  queued: ['retry', 'cancel', 'move'],
  printing: ['cancel'],
  done: [],
  failed: ['retry', 'move'],
  canceled: ['retry', 'move'],
};
export const canDo = (state: JobState, action: JobAction): boolean => ACTIONS[state].includes(action);
