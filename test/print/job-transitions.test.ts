import { describe, expect, it } from 'vitest';
import { JOB_STATES } from '../../core/shared/job-states.js';
import {
  DOUBT_MESSAGE,
  JOB_TRANSITIONS,
  transition,
  type JobEvent,
  type JobSnapshot,
} from '../../core/features/printing/job-transitions.js';

const job = (over: Partial<JobSnapshot> = {}): JobSnapshot => ({
  id: 1,
  state: 'printing',
  done: 2,
  total: 5,
  in_doubt: false,
  attempts: 3,
  last_error: 'paper out',
  next_attempt_at: 100,
  lease_owner: 'w1',
  lease_until: 500,
  ...over,
});

/** One event of each type, as a worker `w1` or the operator makes it at wall time 1000. */
const EVENTS: JobEvent[] = [
  { type: 'claim', owner: 'w1', wall: 1000, leaseUntil: 2000, stamp: 9 },
  { type: 'sending', owner: 'w1' },
  { type: 'progress', owner: 'w1', done: 3, leaseUntil: 2000, now: 9 },
  { type: 'renew', owner: 'w1', leaseUntil: 2000 },
  { type: 'finish', owner: 'w1', now: 9 },
  { type: 'fail', owner: 'w1', error: 'gone', now: 9 },
  { type: 'backoff', owner: 'w1', error: 'busy', nextAttemptAt: 1500, now: 9 },
  { type: 'unconfirmed', owner: 'w1', error: 'cut off', now: 9 },
  { type: 'letGo', owner: 'w1' },
  { type: 'release', owner: 'w1', wall: 1000 },
  { type: 'endLease', owner: 'w1' },
  { type: 'expireInDoubt', wall: 1000, stamp: 9 },
  { type: 'requeue', now: 9, wall: 1000 },
  { type: 'cancel', now: 9 },
  { type: 'confirm', unit: 1, now: 9, wall: 1000 },
  { type: 'printAgain', now: 9, wall: 1000 },
  {
    type: 'move',
    printer: { id: 2, name: 'other', driver: 'escpos', connection: 'tcp://x:9100', settings: {} },
    now: 9,
    wall: 1000,
  },
];

describe('the print job transitions', () => {
  it('lead only to the states the table lists, and apply only in its from-states', () => {
    expect(EVENTS.map((e) => e.type).sort()).toEqual(Object.keys(JOB_TRANSITIONS).sort());
    for (const event of EVENTS)
      for (const state of JOB_STATES)
        for (const in_doubt of [false, true]) {
          const t = JOB_TRANSITIONS[event.type];
          const write = transition(job({ state, in_doubt, lease_until: 10 }), event);
          if (!t.from.includes(state)) expect(write, `${event.type} from ${state}`).toBeNull();
          if (write?.state !== undefined) expect(t.to, `${event.type} from ${state}`).toContain(write.state);
          else if (write) expect(t.to, `${event.type} writes no state`).toEqual([]);
        }
  });

  it("a worker's event changes only the job whose lease it holds", () => {
    expect(transition(job(), { type: 'finish', owner: 'w2', now: 9 })).toBeNull();
    expect(transition(job(), { type: 'finish', owner: 'w1', now: 9 })).toMatchObject({ state: 'done' });
  });

  it('confirm: the unit in doubt counts; the job is done with its last unit, else the rest is queued', () => {
    const confirm = (done: number, unit: number) =>
      transition(job({ state: 'unconfirmed', done }), { type: 'confirm', unit, now: 9, wall: 1000 });
    expect(confirm(2, 2)).toMatchObject({ done: 4, state: 'queued', finished_at: null, attempts: 0 });
    expect(confirm(4, 1)).toMatchObject({ done: 5, state: 'done', finished_at: 9 });
    expect(confirm(4, 3)).toMatchObject({ done: 5, state: 'done' });
  });

  it('release: the interrupted try is not counted, unless a label was on its way (then the operator is asked)', () => {
    const release: JobEvent = { type: 'release', owner: 'w1', wall: 1000 };
    expect(transition(job(), release)).toMatchObject({ state: 'queued', attempts: 2, last_error: 'paper out' });
    expect(transition(job({ attempts: 0 }), release)).toMatchObject({ attempts: 0 });
    expect(transition(job({ in_doubt: true }), release)).toMatchObject({
      state: 'unconfirmed',
      attempts: 3,
      in_doubt: false,
      last_error: DOUBT_MESSAGE,
    });
  });

  it('a claim takes a queued job once due, or a printing one whose lease ran out with no label in doubt', () => {
    const claim: JobEvent = { type: 'claim', owner: 'w2', wall: 1000, leaseUntil: 2000, stamp: 9 };
    expect(transition(job({ state: 'queued', next_attempt_at: 1001 }), claim)).toBeNull();
    expect(transition(job({ state: 'queued', next_attempt_at: 1000 }), claim)).toMatchObject({ attempts: 4 });
    expect(transition(job({ lease_until: 1000 }), claim)).toBeNull();
    expect(transition(job({ lease_until: 999, in_doubt: true }), claim)).toBeNull();
    expect(transition(job({ lease_until: 999 }), claim)).toMatchObject({ state: 'printing', lease_owner: 'w2' });
  });
});
