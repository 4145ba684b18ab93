import type { Statement } from 'better-sqlite3';
import { HOLDS_PRINTER, NEEDS_ATTENTION_SQL, type JobState } from '../../printing/job-states.js';
import {
  JOB_SNAPSHOT_FIELDS,
  JOB_TRANSITIONS,
  newJobFields,
  transition,
  type JobEvent,
  type JobSnapshot,
  type JobWrite,
} from '../../printing/job-transitions.js';
import type { JobRecord, NewJob, PrinterRecord, PrinterValues, PrintStore } from '../../printing/store.js';
import type { LabelFormat, PrinterSettings } from '../../printing/types.js';
import type { Db } from './db.js';
import type { Sync } from './sync.js';

/** A printer as the table holds it: settings as JSON, answers_status as 0/1. */
type PrinterRow = Omit<PrinterRecord, 'settings' | 'answers_status'> & {
  settings: string;
  answers_status: number | null;
};
/** A job as the table holds it: codes and settings as JSON, flags as 0/1. */
type JobRow = Omit<JobRecord, 'codes' | 'settings' | 'reprint' | 'in_doubt'> & {
  codes: string;
  settings: string;
  reprint: number;
  in_doubt: number;
};

const printerOf = (r: PrinterRow | undefined): PrinterRecord | undefined =>
  r && {
    ...r,
    settings: JSON.parse(r.settings) as PrinterSettings,
    answers_status: r.answers_status === null ? null : r.answers_status === 1,
  };
const jobOf = (r: JobRow | undefined): JobRecord | undefined =>
  r && {
    ...r,
    codes: JSON.parse(r.codes) as string[],
    settings: JSON.parse(r.settings) as PrinterSettings,
    reprint: r.reprint === 1,
    in_doubt: r.in_doubt === 1,
  };

const sqlList = (states: readonly string[]) => states.map((s) => `'${s}'`).join(', ');
const HOLDING = sqlList(HOLDS_PRINTER);

type SnapshotRow = Omit<JobSnapshot, 'in_doubt'> & { in_doubt: number };
const snapshotOf = (r: SnapshotRow | undefined): JobSnapshot | undefined => r && { ...r, in_doubt: r.in_doubt === 1 };
const SNAPSHOT_COLUMNS = ['id', 'total', ...JOB_SNAPSHOT_FIELDS];
const SNAPSHOT = SNAPSHOT_COLUMNS.join(', ');
/** A value as the table holds it: flags as 0/1, settings as JSON. */
const column = (v: unknown) =>
  typeof v === 'boolean' ? (v ? 1 : 0) : v !== null && typeof v === 'object' ? JSON.stringify(v) : v;

/** SQL of printers and print jobs; callers own the transactions. */
export function createPrintStore(db: Db): Sync<PrintStore> {
  const q = {
    printers: db.prepare<[number], PrinterRow>('SELECT * FROM printers WHERE account_id = ? ORDER BY name'),
    printer: db.prepare<[number, string], PrinterRow>('SELECT * FROM printers WHERE account_id = ? AND name = ?'),
    printerById: db.prepare<[number], PrinterRow>('SELECT * FROM printers WHERE id = ?'),
    defaultPrinter: db.prepare<[number, string], PrinterRow>(
      'SELECT * FROM printers WHERE account_id = ? AND default_for = ?',
    ),
    insertPrinter: db.prepare(
      `INSERT INTO printers (account_id, name, driver, connection, settings, default_for, folder_real, site, created_at, updated_at)
       VALUES (@account_id, @name, @driver, @connection, @settings, @default_for, @folder_real, @site, @now, @now)`,
    ),
    // A new connection or settings may be another printer: what it answers is learned again.
    updatePrinter: db.prepare(
      `UPDATE printers SET driver = @driver, connection = @connection, settings = @settings, default_for = @default_for,
       folder_real = @folder_real, site = @site, answers_status = CASE WHEN connection = @connection AND settings = @settings THEN answers_status END,
       updated_at = @now WHERE account_id = @account_id AND name = @name`,
    ),
    answersStatus: db.prepare('UPDATE printers SET answers_status = @value WHERE id = @id'),
    clearDefault: db.prepare('UPDATE printers SET default_for = NULL WHERE account_id = ? AND default_for = ?'),
    deletePrinter: db.prepare('DELETE FROM printers WHERE account_id = ? AND name = ?'),
    holding: db.prepare<[number], { n: number }>(
      `SELECT count(*) AS n FROM print_jobs WHERE printer_id = ? AND state IN (${HOLDING})`,
    ),
    job: db.prepare<[number, number], JobRow>('SELECT * FROM print_jobs WHERE account_id = ? AND id = ?'),
    jobById: db.prepare<[number], JobRow>('SELECT * FROM print_jobs WHERE id = ?'),
    holder: db.prepare<[number], Pick<JobRecord, 'state' | 'lease_owner'>>(
      'SELECT state, lease_owner FROM print_jobs WHERE id = ?',
    ),
    countJobs: db.prepare<{ account: number; state: string | null }, { n: number }>(
      'SELECT count(*) AS n FROM print_jobs WHERE account_id = @account AND (@state IS NULL OR state = @state)',
    ),
    // The partial index print_jobs_attention (migration 017) holds exactly these rows.
    attention: db.prepare<{ account: number }, JobRow>(
      `SELECT * FROM print_jobs WHERE account_id = @account AND ${NEEDS_ATTENTION_SQL} ORDER BY id DESC LIMIT 100`,
    ),
    pageJobs: db.prepare<{ account: number; state: string | null; limit: number; offset: number }, JobRow>(
      `SELECT * FROM print_jobs WHERE account_id = @account AND (@state IS NULL OR state = @state)
       ORDER BY id DESC LIMIT @limit OFFSET @offset`,
    ),
    insertJob: db.prepare(
      `INSERT INTO print_jobs (account_id, codes, format, printer, printer_id, driver, connection, settings, reprint, state,
       total, start, next_attempt_at, created_at, updated_at)
       VALUES (@account_id, @codes, @format, @printer, @printer_id, @driver, @connection, @settings, @reprint, @state,
       @total, @start, @next_attempt_at, @now, @now)`,
    ),
    insertJobCode: db.prepare('INSERT INTO print_job_codes (job_id, account_id, code) VALUES (?, ?, ?)'),
    alreadyPrinted: db.prepare<{ account: number; format: string; codes: string }, { code: string }>(
      `SELECT DISTINCT c.code FROM print_job_codes c JOIN print_jobs j ON j.id = c.job_id
       WHERE c.account_id = @account AND j.state IN (${HOLDING}, 'done') AND j.format = @format
       AND c.code IN (SELECT value FROM json_each(@codes))`,
    ),
    /** Labels of unfinished jobs not yet confirmed printed: a reprint of one of them joins its job. */
    pending: db.prepare<{ account: number; format: string; codes: string }, { id: number; code: string }>(
      `SELECT j.id, e.value AS code FROM print_jobs j, json_each(j.codes) e
       WHERE j.account_id = @account AND j.state IN (${HOLDING}) AND j.format = @format AND e.key >= j.done
         AND e.value IN (SELECT value FROM json_each(@codes))
       ORDER BY j.id`,
    ),
    /** Lease holders other than `owner` with jobs printing: the worker checks whether their process still lives. */
    otherOwners: db.prepare<[string], { owner: string }>(
      `SELECT DISTINCT lease_owner AS owner FROM print_jobs WHERE state = 'printing' AND lease_owner IS NOT NULL AND lease_owner != ?`,
    ),
    /** A job as the transitions read it (job-transitions.ts). */
    snapshot: db.prepare<[number], SnapshotRow>(`SELECT ${SNAPSHOT} FROM print_jobs WHERE id = ?`),
    /**
     * The next job this worker may run (the claim's rule decides; this finds it with the due index): queued and due,
     * or printing under a lease that ran out with no label in doubt. Jobs of a printer this worker is already busy
     * with wait their turn. A job of one label (an operator's at a desk) goes before the batches queued ahead of it.
     */
    nextClaim: db.prepare<{ site: string; now: number; busy: string; only: number | null }, SnapshotRow>(
      `SELECT ${SNAPSHOT_COLUMNS.map((c) => `j.${c}`).join(', ')} FROM print_jobs j JOIN printers p ON p.id = j.printer_id
       WHERE ((j.state = 'queued' AND j.next_attempt_at <= @now) OR (j.state = 'printing' AND j.lease_until < @now AND j.in_doubt = 0))
         AND (@only IS NULL OR j.id = @only) AND (p.site = @site OR @only IS NOT NULL)
         AND p.connection NOT IN (SELECT value FROM json_each(@busy))
       ORDER BY j.total > 1, j.id LIMIT 1`,
    ),
    nextDue: db.prepare<{ site: string; busy: string }, { at: number | null }>(
      `SELECT min(CASE j.state WHEN 'queued' THEN j.next_attempt_at ELSE j.lease_until END) AS at
       FROM print_jobs j JOIN printers p ON p.id = j.printer_id
       WHERE j.state IN ('queued', 'printing') AND p.site = @site AND p.connection NOT IN (SELECT value FROM json_each(@busy))`,
    ),
  };

  /** The statements built from the transitions (one per set of columns written, or of states read), kept. */
  const statements = new Map<string, Statement<unknown[], SnapshotRow>>();
  const prepared = (text: string) => {
    let statement = statements.get(text);
    if (!statement) statements.set(text, (statement = db.prepare<unknown[], SnapshotRow>(text)));
    return statement;
  };
  /** Writes `write` to the job if it is still as `job` was read. */
  function compareAndSet(job: JobSnapshot, write: JobWrite): boolean {
    const columns = Object.keys(write) as Array<keyof JobWrite>;
    const statement = prepared(
      `UPDATE print_jobs SET ${columns.map((c) => `${c} = @set_${c}`).join(', ')}
       WHERE id = @id AND ${JOB_SNAPSHOT_FIELDS.map((f) => `${f} IS @was_${f}`).join(' AND ')}`,
    );
    const values: Record<string, unknown> = { id: job.id };
    for (const c of columns) values[`set_${c}`] = column(write[c]);
    for (const f of JOB_SNAPSHOT_FIELDS) values[`was_${f}`] = column(job[f]);
    return statement.run(values).changes > 0;
  }
  /** Applies `event` to the job, read again each time another writer changed it first; false when it does not apply. */
  function apply(id: number, event: JobEvent, read: JobSnapshot | undefined = snapshotOf(q.snapshot.get(id))): boolean {
    for (let job = read; job; job = snapshotOf(q.snapshot.get(id))) {
      const write = transition(job, event);
      if (!write) return false;
      if (compareAndSet(job, write)) return true;
    }
    return false;
  }
  /** Applies `event` to every job in a state it applies in (of `owner`'s leases, for a lease holder's event). */
  function applyAll(event: JobEvent & { owner?: string }): number {
    const t = JOB_TRANSITIONS[event.type];
    const rows = prepared(
      `SELECT ${SNAPSHOT} FROM print_jobs WHERE state IN (${sqlList(t.from)})${t.leaseHolder ? ' AND lease_owner = ?' : ''}`,
    ).all(...(t.leaseHolder ? [event.owner] : []));
    return rows.filter((r) => apply(r.id, event, snapshotOf(r))).length;
  }
  /** Claims the first candidate still claimable when the compare-and-set runs. */
  function claim(event: Extract<JobEvent, { type: 'claim' }>, site: string, busy: string[], only: number | null) {
    for (;;) {
      const candidate = snapshotOf(q.nextClaim.get({ site, now: event.wall, busy: JSON.stringify(busy), only }));
      if (!candidate) return undefined;
      if (apply(candidate.id, event, candidate)) return jobOf(q.jobById.get(candidate.id));
    }
  }

  return {
    printers: (accountId: number) => q.printers.all(accountId).map((r) => printerOf(r)!),
    printer: (accountId: number, name: string) => printerOf(q.printer.get(accountId, name)),
    printerById: (id: number) => printerOf(q.printerById.get(id)),
    defaultPrinter: (accountId: number, format: LabelFormat) => printerOf(q.defaultPrinter.get(accountId, format)),
    savePrinter(accountId: number, name: string, v: PrinterValues, now: number, exists: boolean): void {
      if (v.default_for) q.clearDefault.run(accountId, v.default_for);
      const row = {
        account_id: accountId,
        name,
        driver: v.driver,
        connection: v.connection,
        settings: JSON.stringify(v.settings),
        default_for: v.default_for,
        folder_real: v.folder_real ?? null,
        site: v.site,
        now,
      };
      (exists ? q.updatePrinter : q.insertPrinter).run(row);
    },
    /** Records what the printer answers to status requests (null: learn it again). */
    setAnswersStatus: (id: number, value: boolean | null) =>
      void q.answersStatus.run({ id, value: value === null ? null : value ? 1 : 0 }),
    deletePrinter: (accountId: number, name: string) => q.deletePrinter.run(accountId, name).changes > 0,
    /** Jobs that keep the printer from being removed. */
    holding: (printerId: number) => q.holding.get(printerId)!.n,

    job: (accountId: number, id: number) => jobOf(q.job.get(accountId, id)),
    jobById: (id: number) => jobOf(q.jobById.get(id)),
    holder: (id: number) => q.holder.get(id),
    jobs(accountId: number, state: JobState | null, limit: number, offset: number) {
      return {
        rows: q.pageJobs.all({ account: accountId, state, limit, offset }).map((r) => jobOf(r)!),
        total: q.countJobs.get({ account: accountId, state })!.n,
      };
    },
    attention: (accountId: number) => q.attention.all({ account: accountId }).map((r) => jobOf(r)!),
    alreadyPrinted: (accountId: number, format: LabelFormat, codes: string[]) =>
      q.alreadyPrinted.all({ account: accountId, format, codes: JSON.stringify(codes) }).map((r) => r.code),
    pending: (accountId: number, format: LabelFormat, codes: string[]) =>
      q.pending.all({ account: accountId, format, codes: JSON.stringify(codes) }),
    insertJob(accountId: number, job: NewJob, now: number, wallNow: number): number {
      const id = Number(
        q.insertJob.run({
          account_id: accountId,
          codes: JSON.stringify(job.codes),
          format: job.format,
          printer: job.printer.name,
          printer_id: job.printer.id,
          driver: job.printer.driver,
          connection: job.printer.connection,
          settings: JSON.stringify(job.printer.settings),
          reprint: job.reprint ? 1 : 0,
          total: job.codes.length,
          start: job.start,
          ...newJobFields(wallNow),
          now,
        }).lastInsertRowid,
      );
      for (const code of job.codes) q.insertJobCode.run(id, accountId, code);
      return id;
    },
    otherOwners: (owner: string) => q.otherOwners.all(owner).map((r) => r.owner),
    endLease: (owner: string) => applyAll({ type: 'endLease', owner }),
    expireInDoubt: (wall: number, stamp: number) => applyAll({ type: 'expireInDoubt', wall, stamp }),
    claim: (owner, site, wall, leaseUntil, busy, stamp, only) =>
      claim({ type: 'claim', owner, wall, leaseUntil, stamp }, site, busy, only),
    nextDue: (site, busy) => q.nextDue.get({ site, busy: JSON.stringify(busy) })!.at,
    sending: (id: number, owner: string) => apply(id, { type: 'sending', owner }),
    progress: (id: number, owner: string, done: number, leaseUntil: number, now: number) =>
      apply(id, { type: 'progress', owner, done, leaseUntil, now }),
    renew: (id: number, owner: string, leaseUntil: number) => void apply(id, { type: 'renew', owner, leaseUntil }),
    finish: (id: number, owner: string, now: number) => apply(id, { type: 'finish', owner, now }),
    fail: (id: number, owner: string, error: string, now: number) => apply(id, { type: 'fail', owner, error, now }),
    backoff: (id: number, owner: string, error: string, nextAttemptAt: number, now: number) =>
      apply(id, { type: 'backoff', owner, error, nextAttemptAt, now }),
    unconfirmed: (id: number, owner: string, error: string, now: number) =>
      apply(id, { type: 'unconfirmed', owner, error, now }),
    letGo: (id: number, owner: string) => void apply(id, { type: 'letGo', owner }),
    release(owner: string, wall: number): number {
      const n = applyAll({ type: 'release', owner, wall });
      applyAll({ type: 'letGo', owner });
      return n;
    },
    requeue: (id: number, now: number, wall: number) => void apply(id, { type: 'requeue', now, wall }),
    cancel: (id: number, now: number) => void apply(id, { type: 'cancel', now }),
    confirm: (id: number, unit: number, now: number, wall: number) => apply(id, { type: 'confirm', unit, now, wall }),
    printAgain: (id: number, now: number, wall: number) => apply(id, { type: 'printAgain', now, wall }),
    move: (id: number, printer: PrinterRecord, now: number, wall: number) =>
      void apply(id, { type: 'move', printer, now, wall }),
  };
}
