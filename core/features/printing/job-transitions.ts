import { JOB_STATES, type JobState } from '../../shared/job-states.js';
import type { DriverName, PrinterSettings } from './types.js';

/**
 * The print job's transitions as data: for each event, the states it applies in, whether only the worker holding
 * the lease may make it, and the fields it sets. The one home of these rules for both engines: a store reads the
 * job (`JobSnapshot`), asks `transition` what to write, and writes it with a compare-and-set on the snapshot
 * (`JOB_SNAPSHOT_FIELDS`), trying again with a fresh read when another writer changed the job in between. So a
 * store never computes a state, a count or a message of the job in its own language.
 */

/** Said of a job whose label was on its way when its station stopped: the operator tells whether it printed. */
export const DOUBT_MESSAGE = 'the station stopped while this label was being sent: did it print?';
/** Said of a canceled job queued again while a label was on its way when it was canceled. */
export const CANCELED_IN_DOUBT_MESSAGE = 'canceled while this label was being sent: did it print?';

/** What the transitions read of a job; a compare-and-set compares every one of these but the id and total. */
export interface JobSnapshot {
  id: number;
  state: JobState;
  done: number;
  total: number;
  in_doubt: boolean;
  attempts: number;
  last_error: string | null;
  next_attempt_at: number;
  lease_owner: string | null;
  lease_until: number | null;
}
/** The columns a compare-and-set compares: a job whose value of any of them changed since it was read is read again. */
export const JOB_SNAPSHOT_FIELDS = [
  'state',
  'done',
  'in_doubt',
  'attempts',
  'last_error',
  'next_attempt_at',
  'lease_owner',
  'lease_until',
] as const satisfies ReadonlyArray<keyof JobSnapshot>;

/** The printer a job is sent to, as the job keeps it. */
export interface JobPrinter {
  id: number;
  name: string;
  driver: DriverName;
  connection: string;
  settings: PrinterSettings;
}

/** What a transition writes: the job's columns, each set to the value computed here. */
export interface JobWrite {
  state?: JobState;
  done?: number;
  in_doubt?: boolean;
  attempts?: number;
  last_error?: string | null;
  next_attempt_at?: number;
  lease_owner?: string | null;
  lease_until?: number | null;
  reprint?: boolean;
  updated_at?: number;
  finished_at?: number | null;
  printer_id?: number;
  printer?: string;
  driver?: DriverName;
  connection?: string;
  settings?: PrinterSettings;
}

/**
 * What happens to a job. A worker's events name the worker (`owner`); `now`/`stamp` are the service clock's time
 * (`updated_at`), `wall`, `leaseUntil` and `nextAttemptAt` wall-clock ms (timers and leases).
 */
export type JobEvent =
  | { type: 'claim'; owner: string; wall: number; leaseUntil: number; stamp: number }
  | { type: 'sending'; owner: string }
  | { type: 'progress'; owner: string; done: number; leaseUntil: number; now: number }
  | { type: 'renew'; owner: string; leaseUntil: number }
  | { type: 'finish'; owner: string; now: number }
  | { type: 'fail'; owner: string; error: string; now: number }
  | { type: 'backoff'; owner: string; error: string; nextAttemptAt: number; now: number }
  | { type: 'unconfirmed'; owner: string; error: string; now: number }
  | { type: 'letGo'; owner: string }
  | { type: 'release'; owner: string; wall: number }
  | { type: 'endLease'; owner: string }
  | { type: 'expireInDoubt'; wall: number; stamp: number }
  | { type: 'requeue'; now: number; wall: number }
  | { type: 'cancel'; now: number }
  | { type: 'confirm'; unit: number; now: number; wall: number }
  | { type: 'printAgain'; now: number; wall: number }
  | { type: 'move'; printer: JobPrinter; now: number; wall: number };
export type JobEventType = JobEvent['type'];

interface Transition<E extends JobEvent> {
  /** The states the event applies in. */
  from: readonly JobState[];
  /** The states it may lead to (the job's state is not written when it is absent). */
  to: readonly JobState[];
  /** Only the worker holding the job's lease (`owner`) may make it. */
  leaseHolder: boolean;
  /** A further condition on the job, beyond its state. */
  when?: (job: JobSnapshot, e: E) => boolean;
  set: (job: JobSnapshot, e: E) => JobWrite;
}
type Transitions = { [K in JobEventType]: Transition<Extract<JobEvent, { type: K }>> };

const NOT_PRINTING = JOB_STATES.filter((s) => s !== 'printing');
const noLease = { lease_owner: null, lease_until: null } as const;
/** A job handed back: it waits for the operator when a label was on its way, else it is queued again. */
const handedBack = (job: JobSnapshot): JobState => (job.in_doubt ? 'unconfirmed' : 'queued');

export const JOB_TRANSITIONS: Transitions = {
  /**
   * A worker takes a job: queued and due, or printing under a lease that ran out with no label in doubt (its process
   * died between labels). Each claim counts as an attempt.
   */
  claim: {
    from: ['queued', 'printing'],
    to: ['printing'],
    leaseHolder: false,
    when: (job, e) =>
      job.state === 'queued'
        ? job.next_attempt_at <= e.wall
        : !job.in_doubt && job.lease_until !== null && job.lease_until < e.wall,
    set: (job, e) => ({
      state: 'printing',
      lease_owner: e.owner,
      lease_until: e.leaseUntil,
      attempts: job.attempts + 1,
      updated_at: e.stamp,
    }),
  },
  /** The unit at `done` is about to leave: from now on it is in doubt until the printer confirms it. */
  sending: { from: ['printing'], to: [], leaseHolder: true, set: () => ({ in_doubt: true }) },
  /** Also after a cancel: the label in flight finishes, and it counts. */
  progress: {
    from: ['printing', 'canceled'],
    to: [],
    leaseHolder: true,
    set: (_job, e) => ({ done: e.done, in_doubt: false, lease_until: e.leaseUntil, updated_at: e.now }),
  },
  renew: { from: ['printing'], to: [], leaseHolder: true, set: (_job, e) => ({ lease_until: e.leaseUntil }) },
  finish: {
    from: ['printing'],
    to: ['done'],
    leaseHolder: true,
    set: (_job, e) => ({ state: 'done', ...noLease, last_error: null, updated_at: e.now, finished_at: e.now }),
  },
  fail: {
    from: ['printing'],
    to: ['failed'],
    leaseHolder: true,
    set: (_job, e) => ({ state: 'failed', ...noLease, last_error: e.error, updated_at: e.now, finished_at: e.now }),
  },
  backoff: {
    from: ['printing'],
    to: ['queued'],
    leaseHolder: true,
    set: (_job, e) => ({
      state: 'queued',
      ...noLease,
      last_error: e.error,
      next_attempt_at: e.nextAttemptAt,
      updated_at: e.now,
    }),
  },
  unconfirmed: {
    from: ['printing'],
    to: ['unconfirmed'],
    leaseHolder: true,
    set: (_job, e) => ({ state: 'unconfirmed', in_doubt: false, ...noLease, last_error: e.error, updated_at: e.now }),
  },
  /** The worker is done with a job that is no longer its to print (canceled meanwhile). */
  letGo: { from: NOT_PRINTING, to: [], leaseHolder: true, set: () => noLease },
  /**
   * A clean shutdown hands the worker's running job back: the interrupted try is not counted, unless a label was on
   * its way (then the job waits for the operator's answer, and that try did happen).
   */
  release: {
    from: ['printing'],
    to: ['queued', 'unconfirmed'],
    leaseHolder: true,
    set: (job, e) => ({
      state: handedBack(job),
      in_doubt: false,
      ...noLease,
      attempts: job.in_doubt ? job.attempts : Math.max(job.attempts - 1, 0),
      last_error: job.in_doubt ? DOUBT_MESSAGE : job.last_error,
      next_attempt_at: e.wall,
    }),
  },
  /** The process holding the lease is gone: its job is taken up now instead of when the lease runs out. */
  endLease: { from: ['printing'], to: [], leaseHolder: true, set: () => ({ lease_until: 0 }) },
  /** A dead worker's job whose label was on its way: not resent by itself, it waits for the operator. */
  expireInDoubt: {
    from: ['printing'],
    to: ['unconfirmed'],
    leaseHolder: false,
    when: (job, e) => job.in_doubt && job.lease_until !== null && job.lease_until < e.wall,
    set: (_job, e) => ({
      state: 'unconfirmed',
      in_doubt: false,
      ...noLease,
      last_error: DOUBT_MESSAGE,
      updated_at: e.stamp,
    }),
  },
  /** The operator's retry: from the first label not printed, its attempts counted afresh. */
  requeue: {
    from: JOB_STATES,
    to: ['queued', 'unconfirmed'],
    leaseHolder: false,
    set: (job, e) => ({
      state: handedBack(job),
      in_doubt: false,
      attempts: 0,
      last_error: job.in_doubt ? CANCELED_IN_DOUBT_MESSAGE : null,
      ...noLease,
      next_attempt_at: e.wall,
      updated_at: e.now,
      finished_at: null,
    }),
  },
  /** The lease stays with a worker sending a label: it finishes that label, which counts (progress), then lets go. */
  cancel: {
    from: JOB_STATES,
    to: ['canceled'],
    leaseHolder: false,
    set: (_job, e) => ({ state: 'canceled', lease_until: null, updated_at: e.now, finished_at: e.now }),
  },
  /** "It printed": the unit in doubt counts as printed; the job is done with its last unit, else the rest resumes. */
  confirm: {
    from: ['unconfirmed'],
    to: ['done', 'queued'],
    leaseHolder: false,
    set: (job, e) => {
      const ended = job.done + e.unit >= job.total;
      return {
        done: Math.min(job.total, job.done + e.unit),
        state: ended ? 'done' : 'queued',
        finished_at: ended ? e.now : null,
        attempts: 0,
        last_error: null,
        next_attempt_at: e.wall,
        updated_at: e.now,
      };
    },
  },
  /** "Print again": the unit in doubt is sent again, at the operator's request (the job is marked a reprint). */
  printAgain: {
    from: ['unconfirmed'],
    to: ['queued'],
    leaseHolder: false,
    set: (_job, e) => ({
      state: 'queued',
      reprint: true,
      attempts: 0,
      last_error: null,
      next_attempt_at: e.wall,
      updated_at: e.now,
    }),
  },
  /** The rest of the job goes to another printer; an unconfirmed job still waits for the operator's answer there. */
  move: {
    from: JOB_STATES,
    to: ['queued', 'unconfirmed'],
    leaseHolder: false,
    set: (job, e) => ({
      printer_id: e.printer.id,
      printer: e.printer.name,
      driver: e.printer.driver,
      connection: e.printer.connection,
      settings: e.printer.settings,
      state: job.state === 'unconfirmed' ? 'unconfirmed' : handedBack(job),
      in_doubt: false,
      attempts: 0,
      ...noLease,
      next_attempt_at: e.wall,
      updated_at: e.now,
      finished_at: null,
    }),
  },
};

/** The fields `event` sets on `job`, or null when the event does not apply to it (state, lease or condition). */
export function transition(job: JobSnapshot, event: JobEvent): JobWrite | null {
  const t = JOB_TRANSITIONS[event.type] as Transition<JobEvent>;
  if (!t.from.includes(job.state)) return null;
  if (t.leaseHolder && job.lease_owner !== (event as { owner: string }).owner) return null;
  if (t.when && !t.when(job, event)) return null;
  return t.set(job, event);
}

/** A new job: queued, due at once. */
export const newJobFields = (wall: number) => ({ state: 'queued', next_attempt_at: wall }) as const satisfies JobWrite;
