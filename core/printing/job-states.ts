/** The states of a print job, in one place (node-free: the desk reads it too). */
export const JOB_STATES = ['queued', 'printing', 'done', 'failed', 'canceled'] as const;
export type JobState = (typeof JOB_STATES)[number];
