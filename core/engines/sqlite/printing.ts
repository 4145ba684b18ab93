import { HOLDS_PRINTER, NEEDS_ATTENTION_SQL, type JobState } from '../../shared/job-states.js';
import { DOUBT_MESSAGE } from '../../features/printing/job-transitions.js';
import type { JobRecord, NewJob, PrinterRecord, PrinterValues, PrintStore } from '../../features/printing/store.js';
import type { LabelFormat, PrinterSettings } from '../../features/printing/types.js';
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
/** The state a job returns to when it is handed back: unconfirmed when a label was on its way, else queued. */
const HANDED_BACK = `CASE in_doubt WHEN 1 THEN 'unconfirmed' ELSE 'queued' END`;

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
       VALUES (@account_id, @codes, @format, @printer, @printer_id, @driver, @connection, @settings, @reprint, 'queued',
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
    endLease: db.prepare(`UPDATE print_jobs SET lease_until = 0 WHERE lease_owner = ? AND state = 'printing'`),
    /** A dead worker's job whose label was on its way: not resent by itself, it waits for the operator. */
    expireInDoubt: db.prepare(
      `UPDATE print_jobs SET state = 'unconfirmed', in_doubt = 0, lease_owner = NULL, lease_until = NULL,
       last_error = '${DOUBT_MESSAGE}', updated_at = @stamp
       WHERE state = 'printing' AND in_doubt = 1 AND lease_until < @now`,
    ),
    /**
     * The next job this worker may run: queued and due, or printing under a lease that ran out with no label in
     * doubt (its process died between labels). Jobs of a printer this worker is already busy with wait their turn.
     * A job of one label (an operator's at a desk) goes before the batches queued ahead of it on its printer.
     */
    claim: db.prepare<
      {
        owner: string;
        site: string;
        now: number;
        lease_until: number;
        busy: string;
        stamp: number;
        only: number | null;
      },
      JobRow
    >(
      `UPDATE print_jobs SET state = 'printing', lease_owner = @owner, lease_until = @lease_until,
         attempts = attempts + 1, updated_at = @stamp
       WHERE id = (SELECT j.id FROM print_jobs j JOIN printers p ON p.id = j.printer_id
         WHERE ((j.state = 'queued' AND j.next_attempt_at <= @now) OR (j.state = 'printing' AND j.lease_until < @now AND j.in_doubt = 0))
           AND (@only IS NULL OR j.id = @only) AND (p.site = @site OR @only IS NOT NULL)
           AND p.connection NOT IN (SELECT value FROM json_each(@busy))
         ORDER BY j.total > 1, j.id LIMIT 1)
       RETURNING *`,
    ),
    nextDue: db.prepare<{ site: string; busy: string }, { at: number | null }>(
      `SELECT min(CASE j.state WHEN 'queued' THEN j.next_attempt_at ELSE j.lease_until END) AS at
       FROM print_jobs j JOIN printers p ON p.id = j.printer_id
       WHERE j.state IN ('queued', 'printing') AND p.site = @site AND p.connection NOT IN (SELECT value FROM json_each(@busy))`,
    ),
    sending: db.prepare(
      `UPDATE print_jobs SET in_doubt = 1 WHERE id = @id AND lease_owner = @owner AND state = 'printing'`,
    ),
    // Also after a cancel: the label in flight finishes, and it counts.
    progress: db.prepare(
      `UPDATE print_jobs SET done = @done, in_doubt = 0, lease_until = @lease_until, updated_at = @now
       WHERE id = @id AND lease_owner = @owner AND state IN ('printing', 'canceled')`,
    ),
    renew: db.prepare(
      `UPDATE print_jobs SET lease_until = @lease_until WHERE id = @id AND lease_owner = @owner AND state = 'printing'`,
    ),
    finish: db.prepare(
      `UPDATE print_jobs SET state = 'done', lease_owner = NULL, lease_until = NULL, last_error = NULL,
       updated_at = @now, finished_at = @now WHERE id = @id AND lease_owner = @owner AND state = 'printing'`,
    ),
    fail: db.prepare(
      `UPDATE print_jobs SET state = 'failed', lease_owner = NULL, lease_until = NULL, last_error = @error,
       updated_at = @now, finished_at = @now WHERE id = @id AND lease_owner = @owner AND state = 'printing'`,
    ),
    backoff: db.prepare(
      `UPDATE print_jobs SET state = 'queued', lease_owner = NULL, lease_until = NULL, last_error = @error,
       next_attempt_at = @next_attempt_at, updated_at = @now WHERE id = @id AND lease_owner = @owner AND state = 'printing'`,
    ),
    unconfirmed: db.prepare(
      `UPDATE print_jobs SET state = 'unconfirmed', in_doubt = 0, lease_owner = NULL, lease_until = NULL, last_error = @error,
       updated_at = @now WHERE id = @id AND lease_owner = @owner AND state = 'printing'`,
    ),
    letGo: db.prepare(
      `UPDATE print_jobs SET lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ? AND state != 'printing'`,
    ),
    release: db.prepare(
      `UPDATE print_jobs SET state = ${HANDED_BACK}, in_doubt = 0, lease_owner = NULL, lease_until = NULL,
       attempts = CASE in_doubt WHEN 1 THEN attempts ELSE max(attempts - 1, 0) END,
       last_error = CASE in_doubt WHEN 1 THEN '${DOUBT_MESSAGE}' ELSE last_error END,
       next_attempt_at = @now WHERE lease_owner = @owner AND state = 'printing'`,
    ),
    releaseRest: db.prepare('UPDATE print_jobs SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = @owner'),
    requeue: db.prepare(
      `UPDATE print_jobs SET state = ${HANDED_BACK}, in_doubt = 0, attempts = 0,
       last_error = CASE in_doubt WHEN 1 THEN 'canceled while this label was being sent: did it print?' END,
       lease_owner = NULL, lease_until = NULL, next_attempt_at = @wall, updated_at = @now, finished_at = NULL WHERE id = @id`,
    ),
    cancel: db.prepare(
      `UPDATE print_jobs SET state = 'canceled', lease_until = NULL, updated_at = @now, finished_at = @now WHERE id = @id`,
    ),
    confirm: db.prepare(
      `UPDATE print_jobs SET done = min(total, done + @unit),
       state = CASE WHEN done + @unit >= total THEN 'done' ELSE 'queued' END,
       finished_at = CASE WHEN done + @unit >= total THEN @now END,
       attempts = 0, last_error = NULL, next_attempt_at = @wall, updated_at = @now WHERE id = @id AND state = 'unconfirmed'`,
    ),
    printAgain: db.prepare(
      `UPDATE print_jobs SET state = 'queued', reprint = 1, attempts = 0, last_error = NULL, next_attempt_at = @wall,
       updated_at = @now WHERE id = @id AND state = 'unconfirmed'`,
    ),
    move: db.prepare(
      `UPDATE print_jobs SET printer_id = @printer_id, printer = @printer, driver = @driver, connection = @connection,
       settings = @settings, state = CASE state WHEN 'unconfirmed' THEN 'unconfirmed' ELSE ${HANDED_BACK} END, in_doubt = 0,
       attempts = 0, lease_owner = NULL, lease_until = NULL, next_attempt_at = @wall, updated_at = @now, finished_at = NULL
       WHERE id = @id`,
    ),
  };

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
          next_attempt_at: wallNow,
          now,
        }).lastInsertRowid,
      );
      for (const code of job.codes) q.insertJobCode.run(id, accountId, code);
      return id;
    },
    otherOwners: (owner: string) => q.otherOwners.all(owner).map((r) => r.owner),
    /** The process holding these leases is gone: its jobs are taken up now instead of when the lease runs out. */
    endLease: (owner: string) => q.endLease.run(owner).changes,
    /** `now` and `leaseUntil` are wall-clock ms (timers); `stamp` is the service clock's time for `updated_at`. */
    expireInDoubt: (now: number, stamp: number) => q.expireInDoubt.run({ now, stamp }).changes,
    claim: (owner, site, now, leaseUntil, busy, stamp, only) =>
      jobOf(q.claim.get({ owner, site, now, lease_until: leaseUntil, busy: JSON.stringify(busy), stamp, only })),
    nextDue: (site, busy) => q.nextDue.get({ site, busy: JSON.stringify(busy) })!.at,
    /** The unit at `done` is about to leave: from now on it is in doubt until the printer confirms it. */
    sending: (id: number, owner: string) => q.sending.run({ id, owner }).changes > 0,
    progress: (id: number, owner: string, done: number, leaseUntil: number, now: number) =>
      q.progress.run({ id, owner, done, lease_until: leaseUntil, now }).changes > 0,
    renew: (id: number, owner: string, leaseUntil: number) => void q.renew.run({ id, owner, lease_until: leaseUntil }),
    finish: (id: number, owner: string, now: number) => q.finish.run({ id, owner, now }).changes > 0,
    fail: (id: number, owner: string, error: string, now: number) => q.fail.run({ id, owner, error, now }).changes > 0,
    backoff: (id: number, owner: string, error: string, nextAttemptAt: number, now: number) =>
      q.backoff.run({ id, owner, error, next_attempt_at: nextAttemptAt, now }).changes > 0,
    unconfirmed: (id: number, owner: string, error: string, now: number) =>
      q.unconfirmed.run({ id, owner, error, now }).changes > 0,
    /** The worker is done with a job that is no longer its to print (canceled meanwhile). */
    letGo: (id: number, owner: string) => void q.letGo.run(id, owner),
    /**
     * Hands this worker's running jobs back (clean shutdown): the interrupted try is not counted; a job whose
     * label was on its way becomes unconfirmed.
     */
    release(owner: string, now: number): number {
      const n = q.release.run({ owner, now }).changes;
      q.releaseRest.run({ owner });
      return n;
    },
    requeue: (id: number, now: number, wall: number) => void q.requeue.run({ id, now, wall }),
    cancel: (id: number, now: number) => void q.cancel.run({ id, now }),
    /** "It printed": the unit in doubt counts as printed; the rest of the job, if any, resumes. */
    confirm: (id: number, unit: number, now: number, wall: number) =>
      q.confirm.run({ id, unit, now, wall }).changes > 0,
    /** "Print again": the unit in doubt is sent again, at the operator's request (the job is marked a reprint). */
    printAgain: (id: number, now: number, wall: number) => q.printAgain.run({ id, now, wall }).changes > 0,
    move: (id: number, printer: PrinterRecord, now: number, wall: number) =>
      void q.move.run({
        id,
        printer_id: printer.id,
        printer: printer.name,
        driver: printer.driver,
        connection: printer.connection,
        settings: JSON.stringify(printer.settings),
        now,
        wall,
      }),
  };
}
