import { deadOnThisHost, leaseOwnerName } from '../../platform/lease-owner.js';
import { createPollLoop } from '../../platform/poll-loop.js';
import { LEASE_MS } from './lease.js';
import { laneOf, printJob, type JobWorker, type RetryPolicy } from './print-job.js';
import type { JobRecord, PrinterRecord } from './store.js';

export type { RetryPolicy } from './print-job.js';

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 20, baseDelayMs: 500, maxDelayMs: 60_000 };

export interface QueueDeps extends Pick<JobWorker, 'db' | 'clock' | 'drivers' | 'labelsFor' | 'retry'> {
  wallNow?: JobWorker['wallNow'];
  /** The site this worker prints for: the jobs of that site's printers only. */
  site: string;
  /** Told when the store fails under the worker; the job is taken up again when its lease runs out. */
  onError?: (err: unknown) => void;
}

/** Jobs added by another process on the same data (or whose lease ran out) are noticed within this. */
const POLL_MS = 1000;
/** A clean shutdown waits this long at most for the labels in flight. */
const DRAIN_MS = 10_000;
/**
 * How long a batch's next label waits at most for a desk label under way (JobWorker.deskFirst): a desk label takes
 * tens of ms; one whose printer is slow to answer must not hold the batches for long.
 */
const DESK_FIRST_MS = 200;

/**
 * The print queue's worker. Jobs are claimed in the store under a lease, one job at a time per printer connection,
 * and printed by `printJob` (print-job.ts), which keeps every label exactly once. Several workers (processes on
 * the same data, stations on the same database) share the queue: a job is claimed by one of them.
 */
export function createPrintQueue(deps: QueueDeps) {
  const { db } = deps;
  const wallNow = deps.wallNow ?? Date.now;
  const owner = leaseOwnerName();
  /**
   * Each claim holds the job under a lease name of its own (`owner:n`), not the worker's: a job moved to another
   * printer mid-attempt and claimed there again by this worker must not be the old attempt's any more, or that
   * attempt would still mark it on its way and send its label to the first printer (print-job.ts, mayWrite).
   */
  let claims = 0;
  /** The attempts under way, by printer connection: one at a time each. */
  const busy = new Map<string, AbortController>();
  /** Their leases; those of attempts a stop interrupted stay here until `stop` has handed their jobs back. */
  const leases = new Set<string>();
  const listeners = new Set<() => void>();
  let running = false;
  /** A clean shutdown: no new label starts; the ones in flight finish. */
  let draining = false;
  /** Set by `start({ only })`: this worker runs that one job and nothing else (the CLI's `station print`). */
  let only: number | null = null;
  /** The one-label jobs being printed, and what a batch waiting for them to end waits on. */
  let desks = 0;
  let desksDone: { promise: Promise<void>; resolve: () => void } | null = null;

  const notify = () => {
    for (const l of [...listeners]) l();
  };
  const now = () => deps.clock.now().getTime();
  const failed = (err: unknown) =>
    deps.onError ? deps.onError(err) : console.error(`print queue: ${(err as Error).message}`);

  const worker: Omit<JobWorker, 'owner'> = {
    db,
    clock: deps.clock,
    drivers: deps.drivers,
    labelsFor: deps.labelsFor,
    retry: deps.retry,
    wallNow,
    running: () => running,
    draining: () => draining,
    notify,
    deskFirst: async () => {
      if (!desksDone) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([desksDone.promise, new Promise((r) => (timer = setTimeout(r, DESK_FIRST_MS)))]);
      clearTimeout(timer);
    },
  };

  async function claimAll(): Promise<void> {
    for (const other of await db.stores.printing.otherOwners(owner))
      if (deadOnThisHost(other)) await db.transaction((tx) => tx.printing.endLease(other));
    for (;;) {
      const t = wallNow();
      // Not waiting for the disk: a claim lost in a power cut leaves the job queued, as nothing was sent for it; the
      // commit that marks its first label on its way makes the claim durable (unit-of-work.ts).
      const claimed = await db.transaction(
        async (tx) => {
          if (await tx.printing.expireInDoubt(t, now())) queueMicrotask(notify);
          if (only !== null && busy.size) return undefined;
          const lease = `${owner}:${++claims}`;
          const job = await tx.printing.claim(lease, deps.site, t, t + LEASE_MS, [...busy.keys()], now(), only);
          // Claimed through its printer, which cannot be removed while it holds jobs.
          return job && { job, lease, printer: (await tx.printing.printerById(job.printer_id!))! };
        },
        { durable: 'with_next' },
      );
      if (!claimed) break;
      // Busy before the next claim, so that a printer prints one job at a time.
      const ac = new AbortController();
      busy.set(claimed.printer.connection, ac);
      leases.add(claimed.lease);
      void run(claimed.job, claimed.printer, ac, claimed.lease);
    }
  }

  const loop = createPollLoop(async () => {
    if (!running || draining) return null;
    try {
      await claimAll();
    } catch (err) {
      // A full disk, say: the jobs wait in the queue, as they are, until a poll finds room to claim them.
      failed(err);
    }
    let due: number | null = null;
    try {
      due = await db.stores.printing.nextDue(deps.site, [...busy.keys()]);
    } catch (err) {
      failed(err);
    }
    if (!running || draining) return null;
    return due === null ? POLL_MS : Math.min(POLL_MS, Math.max(10, due - wallNow()));
  });

  function pump(): void {
    if (running && !draining) loop.run();
  }

  async function run(job: JobRecord, row: PrinterRecord, ac: AbortController, lease: string): Promise<void> {
    // A slow delivery (a printer taking its time to connect or read) must not look like a dead process.
    const heartbeat = setInterval(() => {
      // A lease that cannot be renewed (a full disk) is renewed at the next beat; this process keeps printing the job.
      if (running) db.transaction((tx) => tx.printing.renew(job.id, lease, wallNow() + LEASE_MS)).catch(failed);
    }, LEASE_MS / 3);
    heartbeat.unref?.();
    const desk = laneOf(job) === 'desk';
    if (desk && desks++ === 0) {
      let resolve!: () => void;
      desksDone = { promise: new Promise<void>((r) => (resolve = r)), resolve };
    }
    notify();
    try {
      await printJob({ ...worker, owner: lease }, job, row, ac.signal);
    } catch (e) {
      // The store failed under us (e.g. a lock held too long, a lost connection): the job keeps its state and is
      // taken up again when its lease runs out. The service must not crash over it.
      if (running) failed(new Error(`job ${job.id}: ${(e as Error).message}`, { cause: e }));
    } finally {
      if (desk && --desks === 0) {
        desksDone?.resolve();
        desksDone = null;
      }
      clearInterval(heartbeat);
      busy.delete(row.connection);
      if (running) {
        leases.delete(lease);
        notify();
        pump();
      }
    }
  }

  async function stop(): Promise<void> {
    if (!running) return;
    running = false;
    draining = false;
    const paused = loop.pause();
    for (const ac of busy.values()) ac.abort();
    await paused;
    // A round that was claiming when the loop paused may have started an attempt since.
    for (const ac of busy.values()) ac.abort();
    try {
      await db.transaction(async (tx) => {
        for (const lease of leases) await tx.printing.release(lease, wallNow());
      });
      leases.clear();
    } catch (err) {
      failed(err);
    }
    notify();
    listeners.clear();
  }

  return {
    owner,
    /** Starts the worker; `only` limits it to one job. Jobs left `printing` by a dead process are taken up. */
    start(opts: { only?: number } = {}): void {
      only = opts.only ?? null;
      running = true;
      draining = false;
      loop.resume();
      pump();
    },
    /** Looks for work now (after a submit or a retry) instead of at the next poll. */
    wake(): void {
      if (running) queueMicrotask(pump);
    },
    /**
     * Stops at once: deliveries in flight are aborted; their jobs go back to the queue, or wait unconfirmed for the
     * operator when a label's bytes had started to leave.
     */
    stop,
    /**
     * A clean shutdown: starts no new label, lets the ones in flight finish (each acknowledged and counted), then
     * stops. After `ms` whatever is still in flight is aborted as by `stop()`.
     */
    async drain(ms = DRAIN_MS): Promise<void> {
      if (!running) return;
      draining = true;
      void loop.pause();
      const deadline = wallNow() + ms;
      while (busy.size && wallNow() < deadline) await new Promise((r) => setTimeout(r, 20));
      await stop();
    },
    /** Resolves on the next change this worker sees, or after `ms` (another process may be printing the job). */
    changed(ms: number): Promise<void> {
      return new Promise((resolve) => {
        const t = setTimeout(done, ms);
        function done() {
          clearTimeout(t);
          listeners.delete(done);
          resolve();
        }
        listeners.add(done);
      });
    },
  };
}

export type PrintQueue = ReturnType<typeof createPrintQueue>;

/** `STATION_PRINT_MAX_ATTEMPTS` and `STATION_PRINT_RETRY_MS` (first delay, doubled per attempt) override the defaults. */
export function retryPolicyFromEnv(env: Record<string, string | undefined>): RetryPolicy {
  const int = (v: string | undefined, fallback: number, min: number) => {
    const n = Number(v);
    return v !== undefined && Number.isInteger(n) && n >= min ? n : fallback;
  };
  return {
    maxAttempts: int(env.STATION_PRINT_MAX_ATTEMPTS, DEFAULT_RETRY.maxAttempts, 1),
    baseDelayMs: int(env.STATION_PRINT_RETRY_MS, DEFAULT_RETRY.baseDelayMs, 1),
    maxDelayMs: DEFAULT_RETRY.maxDelayMs,
  };
}
