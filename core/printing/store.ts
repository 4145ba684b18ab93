import type { Db } from '../store/db.js';
import type { JobState } from './job-states.js';
import type { DriverName, LabelFormat, PrinterSettings } from './types.js';

export interface PrinterRow {
  id: number;
  account_id: number;
  name: string;
  driver: DriverName;
  connection: string;
  settings: string;
  default_for: LabelFormat | null;
  created_at: number;
  updated_at: number;
}


export interface JobRow {
  id: number;
  account_id: number;
  codes: string;
  format: LabelFormat;
  printer: string;
  driver: DriverName;
  connection: string;
  settings: string;
  reprint: number;
  state: JobState;
  done: number;
  total: number;
  attempts: number;
  last_error: string | null;
  next_attempt_at: number;
  lease_owner: string | null;
  lease_until: number | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

export interface PrinterValues {
  driver: DriverName;
  connection: string;
  settings: PrinterSettings;
  default_for: LabelFormat | null;
}

/** SQL of printers and print jobs; callers own the transactions. */
export function createPrintStore(db: Db) {
  const q = {
    printers: db.prepare<[number], PrinterRow>('SELECT * FROM printers WHERE account_id = ? ORDER BY name'),
    printer: db.prepare<[number, string], PrinterRow>('SELECT * FROM printers WHERE account_id = ? AND name = ?'),
    defaultPrinter: db.prepare<[number, string], PrinterRow>('SELECT * FROM printers WHERE account_id = ? AND default_for = ?'),
    insertPrinter: db.prepare(
      `INSERT INTO printers (account_id, name, driver, connection, settings, default_for, created_at, updated_at)
       VALUES (@account_id, @name, @driver, @connection, @settings, @default_for, @now, @now)`,
    ),
    updatePrinter: db.prepare(
      `UPDATE printers SET driver = @driver, connection = @connection, settings = @settings, default_for = @default_for,
       updated_at = @now WHERE account_id = @account_id AND name = @name`,
    ),
    clearDefault: db.prepare('UPDATE printers SET default_for = NULL WHERE account_id = ? AND default_for = ?'),
    deletePrinter: db.prepare('DELETE FROM printers WHERE account_id = ? AND name = ?'),
    job: db.prepare<[number, number], JobRow>('SELECT * FROM print_jobs WHERE account_id = ? AND id = ?'),
    jobById: db.prepare<[number], JobRow>('SELECT * FROM print_jobs WHERE id = ?'),
    countJobs: db.prepare<{ account: number; state: string | null }, { n: number }>(
      'SELECT count(*) AS n FROM print_jobs WHERE account_id = @account AND (@state IS NULL OR state = @state)',
    ),
    pageJobs: db.prepare<{ account: number; state: string | null; limit: number; offset: number }, JobRow>(
      `SELECT * FROM print_jobs WHERE account_id = @account AND (@state IS NULL OR state = @state)
       ORDER BY id DESC LIMIT @limit OFFSET @offset`,
    ),
    insertJob: db.prepare(
      `INSERT INTO print_jobs (account_id, codes, format, printer, driver, connection, settings, reprint, state, total,
       next_attempt_at, created_at, updated_at)
       VALUES (@account_id, @codes, @format, @printer, @driver, @connection, @settings, @reprint, 'queued', @total,
       @next_attempt_at, @now, @now)`,
    ),
    insertJobCode: db.prepare('INSERT INTO print_job_codes (job_id, account_id, code) VALUES (?, ?, ?)'),
    alreadyPrinted: db.prepare<{ account: number; format: string; codes: string }, { code: string }>(
      `SELECT DISTINCT c.code FROM print_job_codes c JOIN print_jobs j ON j.id = c.job_id
       WHERE c.account_id = @account AND j.state IN ('queued', 'printing', 'done') AND j.format = @format
       AND c.code IN (SELECT value FROM json_each(@codes))`,
    ),
    /**
     * The next job this worker may run: queued and due, or printing under a lease that ran out (its process
     * died). Jobs of a printer this worker is already busy with wait their turn.
     */
    claim: db.prepare<{ owner: string; now: number; lease_until: number; busy: string; stamp: number }, JobRow>(
      `UPDATE print_jobs SET state = 'printing', lease_owner = @owner, lease_until = @lease_until,
         attempts = attempts + 1, updated_at = @stamp
       WHERE id = (SELECT id FROM print_jobs
         WHERE ((state = 'queued' AND next_attempt_at <= @now) OR (state = 'printing' AND lease_until < @now))
           AND connection NOT IN (SELECT value FROM json_each(@busy))
         ORDER BY id LIMIT 1)
       RETURNING *`,
    ),
    claimOne: db.prepare<{ id: number; owner: string; now: number; lease_until: number; stamp: number }, JobRow>(
      `UPDATE print_jobs SET state = 'printing', lease_owner = @owner, lease_until = @lease_until,
         attempts = attempts + 1, updated_at = @stamp
       WHERE id = @id AND ((state = 'queued' AND next_attempt_at <= @now) OR (state = 'printing' AND lease_until < @now))
       RETURNING *`,
    ),
    nextDue: db.prepare<{ busy: string }, { at: number | null }>(
      `SELECT min(CASE state WHEN 'queued' THEN next_attempt_at ELSE lease_until END) AS at
       FROM print_jobs WHERE state IN ('queued', 'printing') AND connection NOT IN (SELECT value FROM json_each(@busy))`,
    ),
    progress: db.prepare(
      `UPDATE print_jobs SET done = @done, lease_until = @lease_until, updated_at = @now
       WHERE id = @id AND lease_owner = @owner AND state = 'printing'`,
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
    release: db.prepare(
      `UPDATE print_jobs SET state = 'queued', lease_owner = NULL, lease_until = NULL, attempts = max(attempts - 1, 0),
       next_attempt_at = @now WHERE lease_owner = @owner AND state = 'printing'`,
    ),
    requeue: db.prepare(
      `UPDATE print_jobs SET state = 'queued', attempts = 0, last_error = NULL, next_attempt_at = @now, updated_at = @now,
       finished_at = NULL WHERE id = @id`,
    ),
    cancel: db.prepare(
      `UPDATE print_jobs SET state = 'canceled', lease_owner = NULL, lease_until = NULL, updated_at = @now,
       finished_at = @now WHERE id = @id`,
    ),
  };

  return {
    printers: (accountId: number) => q.printers.all(accountId),
    printer: (accountId: number, name: string) => q.printer.get(accountId, name),
    defaultPrinter: (accountId: number, format: LabelFormat) => q.defaultPrinter.get(accountId, format),
    savePrinter(accountId: number, name: string, v: PrinterValues, now: number, exists: boolean): void {
      if (v.default_for) q.clearDefault.run(accountId, v.default_for);
      const row = { account_id: accountId, name, driver: v.driver, connection: v.connection, settings: JSON.stringify(v.settings), default_for: v.default_for, now };
      (exists ? q.updatePrinter : q.insertPrinter).run(row);
    },
    deletePrinter: (accountId: number, name: string) => q.deletePrinter.run(accountId, name).changes > 0,

    job: (accountId: number, id: number) => q.job.get(accountId, id),
    jobById: (id: number) => q.jobById.get(id),
    jobs(accountId: number, state: JobState | null, limit: number, offset: number) {
      return {
        rows: q.pageJobs.all({ account: accountId, state, limit, offset }),
        total: q.countJobs.get({ account: accountId, state })!.n,
      };
    },
    alreadyPrinted: (accountId: number, format: LabelFormat, codes: string[]) =>
      q.alreadyPrinted.all({ account: accountId, format, codes: JSON.stringify(codes) }).map((r) => r.code),
    insertJob(
      accountId: number,
      job: { codes: string[]; format: LabelFormat; printer: string; driver: DriverName; connection: string; settings: PrinterSettings; reprint: boolean },
      now: number,
      wallNow: number,
    ): number {
      const id = Number(
        q.insertJob.run({
          account_id: accountId,
          codes: JSON.stringify(job.codes),
          format: job.format,
          printer: job.printer,
          driver: job.driver,
          connection: job.connection,
          settings: JSON.stringify(job.settings),
          reprint: job.reprint ? 1 : 0,
          total: job.codes.length,
          next_attempt_at: wallNow,
          now,
        }).lastInsertRowid,
      );
      for (const code of job.codes) q.insertJobCode.run(id, accountId, code);
      return id;
    },
    /** `now` and `leaseUntil` are wall-clock ms (timers); `stamp` is the service clock's time for `updated_at`. */
    claim: (owner: string, now: number, leaseUntil: number, busy: string[], stamp: number) =>
      q.claim.get({ owner, now, lease_until: leaseUntil, busy: JSON.stringify(busy), stamp }),
    claimOne: (id: number, owner: string, now: number, leaseUntil: number, stamp: number) =>
      q.claimOne.get({ id, owner, now, lease_until: leaseUntil, stamp }),
    nextDue: (busy: string[]) => q.nextDue.get({ busy: JSON.stringify(busy) })!.at,
    progress: (id: number, owner: string, done: number, leaseUntil: number, now: number) =>
      q.progress.run({ id, owner, done, lease_until: leaseUntil, now }).changes > 0,
    renew: (id: number, owner: string, leaseUntil: number) => q.renew.run({ id, owner, lease_until: leaseUntil }),
    finish: (id: number, owner: string, now: number) => q.finish.run({ id, owner, now }).changes > 0,
    fail: (id: number, owner: string, error: string, now: number) => q.fail.run({ id, owner, error, now }).changes > 0,
    backoff: (id: number, owner: string, error: string, nextAttemptAt: number, now: number) =>
      q.backoff.run({ id, owner, error, next_attempt_at: nextAttemptAt, now }).changes > 0,
    /** Hands this worker's running jobs back to the queue (clean shutdown): the interrupted try is not counted. */
    release: (owner: string, now: number) => q.release.run({ owner, now }).changes,
    requeue: (id: number, now: number) => q.requeue.run({ id, now }),
    cancel: (id: number, now: number) => q.cancel.run({ id, now }),
  };
}

export type PrintStore = ReturnType<typeof createPrintStore>;
