import { setMaxListeners } from 'node:events';
import { deadOnThisHost, leaseOwnerName } from '../../platform/lease-owner.js';
import { createPollLoop } from '../../platform/poll-loop.js';
import { pauseWaiter } from '../../platform/request-activity.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import { nextAttemptAt, type RetrySchedule } from './schedule.js';
import type { Sender, SendOutcome } from './send.js';
import { webhookHeaders } from './signing.js';
import type { AttemptResult, ClaimedDelivery, WebhookStore } from './store.js';

export interface WorkerDeps {
  db: UnitOfWork<{ webhooks: WebhookStore }>;
  sender: Sender;
  schedule: RetrySchedule;
  timeoutMs: number;
  /** How long a delivered delivery is kept before it is deleted (schedule.ts, `retentionFromEnv`). */
  retentionMs: number;
  /** How often the outbox is looked at without a notice (POLL_MS; `STATION_WEBHOOK_POLL_MS` for tests). */
  pollMs?: number;
  /** Deliveries in flight at once. */
  concurrency?: number;
  /** When the service last began a client's operation (request-activity.ts): deliveries yield to requests. */
  lastRequestAt?: () => number;
  /** The pause in operations that lets due deliveries go (YIELD_QUIET_MS; `STATION_WEBHOOK_QUIET_MS` for tests). */
  quietMs?: number;
  onError?: (err: unknown) => void;
}

/**
 * A poll finds deliveries other stations wrote (PostgreSQL) and those whose time came; what this station's own
 * changes write is noticed at their commit (`notice`), without waiting for it.
 */
export const POLL_MS = 500;
/**
 * Without a backlog, claims are at least this far apart: while creates stream in there is always one just due, and a
 * claim each few ms would be a commit each (SQLite's one writer, the creates' too). A message waits at most this more.
 */
const CLAIM_GAP_MS = 100;
/**
 * How long a result may wait for others, or for the next claim, to be written with it. On SQLite a transaction that
 * no create shares is a commit of its own, and its wait for the disk holds the thread that answers the creates.
 */
const FLUSH_MS = CLAIM_GAP_MS;
/**
 * The worker's own transactions (claims, results, pruning, releases) do not wait for the disk: each is on disk with
 * the next commit that does (a create's), and one lost in a power cut only sends a delivery again (its hold or its
 * result gone: still pending, due) under the same `webhook-id`, which at-least-once allows. On SQLite an fsync of
 * their own, every claim while creates stream in, held the thread that answers the creates.
 */
const WITH_NEXT = { durable: 'with_next' } as const;
/**
 * Deliveries yield to the service's clients: while operations begin less than YIELD_QUIET_MS apart (a burst of
 * creates, a desk's print), due deliveries wait for a pause, YIELD_MAX_MS at most (then a claim goes, and the next
 * yield counts from there). Sending deliveries, and a receiver on the same machine verifying them, beside a burst of
 * creates cost the creates a quarter of their pace on two cores (bench webhooks); a message waits a moment instead,
 * well inside the retry schedule's first step.
 */
const YIELD_QUIET_MS = 50;
const YIELD_MAX_MS = 2_000;
/** How often the holders of deliveries are looked at for a dead process of this host. */
const DEAD_CHECK_MS = 10_000;
/** The delivered deliveries past their retention are deleted this often (or each retention, if shorter). */
const PRUNE_EVERY_MS = 600_000;
/** Deleted in one transaction at most (2-5 ms of the writer's time). */
const PRUNE_BATCH = 1_000;

/**
 * The delivery worker, off the request path: it takes due deliveries from the outbox (each held for the length of
 * an attempt and a margin, so a station that dies holding one leaves it to be taken again), sends them, and writes
 * each result. A create or a print only writes its message; nothing here makes it wait.
 */
export function createDeliveryWorker(deps: WorkerDeps) {
  const { db, sender, schedule, timeoutMs } = deps;
  const concurrency = deps.concurrency ?? 64;
  const pollMs = deps.pollMs ?? POLL_MS;
  const quietMs = deps.quietMs ?? YIELD_QUIET_MS;
  const pruneEveryMs = Math.min(PRUNE_EVERY_MS, deps.retentionMs);
  const holdMs = timeoutMs + 30_000;
  const owner = leaseOwnerName();
  const inFlight = new Set<Promise<void>>();
  let running = false;
  let lastDeadCheck = 0;
  let lastPrune = 0;
  /** When the last round began. */
  let lastRound = 0;
  /** One signal for every request in flight (each adds its listener): a stop cuts them all short. */
  const stopSignal = () => {
    const ac = new AbortController();
    setMaxListeners(0, ac.signal);
    return ac;
  };
  let stopping = stopSignal();
  const failed = (err: unknown) =>
    deps.onError ? deps.onError(err) : console.error(`webhooks: ${(err as Error).message}`);

  function resultOf(d: ClaimedDelivery, o: SendOutcome, at: number): AttemptResult {
    const attempts = d.attempts + 1;
    const base = { id: d.id, claim: owner, attempts, last_status: o.status, at };
    if (o.status !== null && o.status >= 200 && o.status < 300)
      return { ...base, state: 'delivered', next_at: null, last_error: null };
    const error = o.status === null ? o.error : `answered ${o.status}`;
    if (o.status === 410) return { ...base, state: 'failed', next_at: null, last_error: error };
    const next = nextAttemptAt(schedule, attempts, at);
    return { ...base, state: next === null ? 'failed' : 'pending', next_at: next, last_error: error };
  }

  /** Results written together: one commit for many attempts, not one each (SQLite's commits are the creates' too). */
  let results: Array<{ result: AttemptResult; webhookId: number; gone: boolean }> = [];
  let flushing: Promise<void> = Promise.resolve();
  let flushTimer: NodeJS.Timeout | null = null;

  function takeResults() {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = null;
    const batch = results;
    results = [];
    return batch;
  }

  async function write(tx: { webhooks: WebhookStore }, batch: typeof results): Promise<void> {
    if (!batch.length) return;
    const written = new Set(await tx.webhooks.settle(batch.map((r) => r.result)));
    for (const r of batch)
      if (r.gone && written.has(r.result.id)) await tx.webhooks.disable(r.webhookId, 'gone', r.result.at);
  }

  function flush(): Promise<void> {
    const batch = takeResults();
    if (!batch.length) return flushing;
    flushing = flushing.then(() =>
      db
        .transaction((tx) => write(tx, batch), WITH_NEXT)
        // Not written (a full disk, a lost connection): the holds run out and the deliveries are sent again.
        .catch(failed),
    );
    return flushing;
  }

  async function deliver(d: ClaimedDelivery): Promise<void> {
    const at = new Date();
    const outcome = await sender.send(d.url, webhookHeaders(d, d.message_id, d.body, at), d.body, stopping.signal);
    // Cut short by a stop: not an attempt; stop() hands it back.
    if (stopping.signal.aborted) return;
    results.push({ result: resultOf(d, outcome, Date.now()), webhookId: d.webhook_id, gone: outcome.status === 410 });
    if (results.length >= concurrency / 2) void flush();
    else flushTimer ??= setTimeout(() => void flush(), FLUSH_MS);
  }

  /**
   * A batch at a time, each its own transaction: a week of deliveries at a busy station is hundreds of thousands of
   * rows, which one DELETE would hold the store's writer for seconds to remove (SQLite: the service's thread).
   */
  async function pruneDelivered(now: number): Promise<void> {
    if (now - lastPrune < pruneEveryMs) return;
    lastPrune = now;
    const before = now - deps.retentionMs;
    while ((await db.transaction((tx) => tx.webhooks.prune(before, PRUNE_BATCH), WITH_NEXT)) === PRUNE_BATCH)
      if (stopping.signal.aborted) return;
  }

  async function releaseTheDead(now: number): Promise<void> {
    if (now - lastDeadCheck < DEAD_CHECK_MS) return;
    lastDeadCheck = now;
    for (const other of await db.stores.webhooks.holders(now))
      if (other !== owner && deadOnThisHost(other))
        await db.transaction((tx) => tx.webhooks.release(other, now), WITH_NEXT);
  }

  /** The last claim took all it asked for: more may be due, so a freed slot claims again at once. */
  let backlog = false;

  async function claimSome(): Promise<void> {
    await releaseTheDead(Date.now());
    while (running && inFlight.size < concurrency) {
      const t = Date.now();
      const want = concurrency - inFlight.size;
      // The results waiting are written with the claim: one transaction, not two.
      const done = takeResults();
      const batch = await db.transaction(async (tx) => {
        await write(tx, done);
        return tx.webhooks.claim(t, t + holdMs, owner, want);
      }, WITH_NEXT);
      for (const d of batch) {
        const p: Promise<void> = deliver(d)
          .catch(failed)
          .finally(() => {
            inFlight.delete(p);
            // Claimed again in batches, not one by one as each ends; without a backlog the next poll claims.
            if (backlog && inFlight.size <= concurrency / 2) pump();
          });
        inFlight.add(p);
      }
      backlog = batch.length === want;
      if (!backlog) break;
    }
  }

  /** While clients' operations stream in, YIELD_MAX_MS at most. */
  const pause = pauseWaiter(() => deps.lastRequestAt?.() ?? 0, quietMs, YIELD_MAX_MS);

  /** One round: claim what is due (with the results waiting), prune, and answer when the next round is due. */
  const loop = createPollLoop(async () => {
    lastRound = Date.now();
    // Yielding to requests, the worker looks again after the rest of the quiet gap, without a query: the outbox is not
    // looked at while the station is busiest.
    const wait = pause.wait();
    if (wait !== null) return running ? wait : null;
    try {
      await claimSome();
    } catch (err) {
      failed(err);
    }
    try {
      await pruneDelivered(Date.now());
    } catch (err) {
      failed(err);
    }
    let due: number | null = null;
    try {
      due = await db.stores.webhooks.nextDue();
    } catch (err) {
      failed(err);
    }
    if (!running) return null;
    // Full: an attempt that ends claims again (behind a backlog), and the poll in any case.
    const delay =
      due === null || inFlight.size >= concurrency
        ? pollMs
        : Math.min(pollMs, Math.max(CLAIM_GAP_MS, due - Date.now()));
    // The pruning keeps its own pace, whatever the poll's.
    return Math.min(delay, Math.max(CLAIM_GAP_MS, lastPrune + pruneEveryMs - Date.now()));
  });

  function pump(): void {
    if (running) loop.run();
  }

  /**
   * A transaction of this station wrote to the outbox and committed: claimed within CLAIM_GAP_MS of the last claim,
   * not at the next poll. Many commits between two claims bring the next one forward once; the rest cost a
   * comparison.
   */
  function notice(): void {
    // Every slot taken (a receiver that never answers): the attempt that ends claims again; a round would find none.
    if (running && inFlight.size < concurrency) loop.runBy(Math.max(Date.now(), lastRound + CLAIM_GAP_MS));
  }

  return {
    start() {
      if (running) return;
      running = true;
      stopping = stopSignal();
      lastDeadCheck = 0;
      lastPrune = 0;
      loop.resume();
      pump();
    },
    notice,
    /** Something was written to the outbox in this process: send it now rather than at the next poll. */
    wake: () => pump(),
    /**
     * Stops: no new delivery is taken, those in flight are cut short and handed back (due at once, for the next
     * station or start): a clean stop leaves nothing held.
     */
    async stop(): Promise<void> {
      if (!running) return;
      running = false;
      const paused = loop.pause();
      stopping.abort();
      await paused;
      await Promise.allSettled([...inFlight]);
      await flush();
      sender.close();
      await db.transaction((tx) => tx.webhooks.release(owner, Date.now())).catch(failed);
    },
    owner,
  };
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
