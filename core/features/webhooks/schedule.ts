/**
 * The Standard Webhooks retry schedule: the first attempt at once, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h,
 * 14 h, 20 h and 24 h; after the last one the delivery has failed (a person may retry it). `STATION_WEBHOOK_RETRY_MS`
 * (for tests) replaces the 5 s step and scales every later one by the same factor.
 */
const SCHEDULE_MS = [
  0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 50_400_000, 72_000_000, 86_400_000,
];
const STEP_MS = SCHEDULE_MS[1]!;

export type RetrySchedule = readonly number[];

export function retryScheduleFromEnv(env: Record<string, string | undefined>): RetrySchedule {
  const raw = env.STATION_WEBHOOK_RETRY_MS;
  if (raw === undefined || raw === '') return SCHEDULE_MS;
  const step = Number(raw);
  if (!Number.isFinite(step) || step < 0)
    throw new Error(`STATION_WEBHOOK_RETRY_MS must be a number of ms, not ${raw}`);
  return SCHEDULE_MS.map((ms) => Math.round((ms * step) / STEP_MS));
}

/** When an attempt that failed (the `attempts`-th) is followed by the next, or null once the schedule is spent. */
export function nextAttemptAt(schedule: RetrySchedule, attempts: number, now: number): number | null {
  return attempts < schedule.length ? now + schedule[attempts]! : null;
}

/** How long one attempt may take before it counts as failed (the receiver is slow): 15 s. */
export function timeoutFromEnv(env: Record<string, string | undefined>): number {
  return positiveMs(env.STATION_WEBHOOK_TIMEOUT_MS) ?? 15_000;
}

/**
 * How long a delivered delivery is kept (to be seen in the desk and the API) before the worker deletes it: 7 days.
 * Failed and pending ones stay until they are delivered or their endpoint is removed. `STATION_WEBHOOK_RETENTION_MS`.
 */
export function retentionFromEnv(env: Record<string, string | undefined>): number {
  return positiveMs(env.STATION_WEBHOOK_RETENTION_MS) ?? 7 * 86_400_000;
}

/** For tests: how often the delivery worker looks at the outbox without a notice (default worker.ts's POLL_MS). */
export function pollFromEnv(env: Record<string, string | undefined>): number | undefined {
  return positiveMs(env.STATION_WEBHOOK_POLL_MS);
}

/**
 * For tests: the pause in clients' operations that lets due deliveries go (default worker.ts's YIELD_QUIET_MS). A test
 * on a loaded machine cannot keep its requests 50 ms apart; it can keep them closer than this.
 */
export function quietFromEnv(env: Record<string, string | undefined>): number | undefined {
  return positiveMs(env.STATION_WEBHOOK_QUIET_MS);
}

/** A setting's ms when it is a number above 0; anything else (unset, empty, a word, 0) leaves the default. */
function positiveMs(text: string | undefined): number | undefined {
  const ms = Number(text);
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}
