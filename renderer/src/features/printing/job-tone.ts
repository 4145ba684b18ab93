import type { PrintJob } from '../../api/types';
import type { Tone } from '../../components/StatusLine';
import type { JobState } from '@shared/job-states';

/**
 * How a print job looks on every screen (Pack's status line, the queue, a shipment's print line): one colour per
 * state of core/shared/job-states.ts, so that a new state fails the type check here until it has one. A canceled
 * job is the operator's own choice: nothing to look at.
 */
const TONE_OF_STATE: Record<JobState, Tone> = {
  queued: 'working',
  printing: 'working',
  unconfirmed: 'warn',
  done: 'ok',
  failed: 'error',
  canceled: 'idle',
};

/** A job still under way that has met trouble (the printer did not take a label, it waits to try again) warns. */
export const jobTone = (job: Pick<PrintJob, 'state' | 'last_error'>): Tone => {
  const tone = TONE_OF_STATE[job.state];
  return tone === 'working' && job.last_error ? 'warn' : tone;
};
