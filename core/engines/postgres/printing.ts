import { HOLDS_PRINTER, NEEDS_ATTENTION_SQL } from '../../printing/job-states.js';
import {
  JOB_SNAPSHOT_FIELDS,
  JOB_TRANSITIONS,
  newJobFields,
  transition,
  type JobEvent,
  type JobSnapshot,
  type JobWrite,
} from '../../printing/job-transitions.js';
import type { JobRecord, PrinterRecord, PrintStore } from '../../printing/store.js';
import { first, rows, type Sql } from './sql.js';

const sqlList = (states: readonly string[]) => states.map((s) => `'${s}'`).join(', ');
const HOLDING = sqlList(HOLDS_PRINTER);
const SNAPSHOT_COLUMNS = ['id', 'total', ...JOB_SNAPSHOT_FIELDS];
const SNAPSHOT = SNAPSHOT_COLUMNS.join(', ');

const changed = (r: { rowCount: number | null }) => (r.rowCount ?? 0) > 0;

/**
 * Printers and the print queue on PostgreSQL. Several stations share the queue: a claim takes the next due job with
 * `FOR UPDATE SKIP LOCKED`, so two workers never take the same one, and every later change names the lease owner.
 * Inside a transaction a job or printer read is locked until it ends (an operator's action against a worker's).
 */
export function createPrintStore(sql: Sql): PrintStore {
  const locked = sql.inTransaction ? ' FOR UPDATE' : '';
  const run = async (text: string, values: unknown[]) => changed(await sql.query(text, values));
  const snapshot = (id: number) =>
    first<JobSnapshot>(sql, `SELECT ${SNAPSHOT} FROM print_jobs WHERE id = $1${locked}`, [id]);

  /** Writes `write` to the job if it is still as `job` was read. */
  function compareAndSet(job: JobSnapshot, write: JobWrite): Promise<boolean> {
    const columns = Object.keys(write) as Array<keyof JobWrite>;
    const was = JOB_SNAPSHOT_FIELDS.map((f, i) => `${f} IS NOT DISTINCT FROM $${i + 2}`);
    const set = columns.map((c, i) => `${c} = $${i + 2 + was.length}`);
    return run(`UPDATE print_jobs SET ${set.join(', ')} WHERE id = $1 AND ${was.join(' AND ')}`, [
      job.id,
      ...JOB_SNAPSHOT_FIELDS.map((f) => job[f]),
      ...columns.map((c) => write[c]),
    ]);
  }
  /** Applies `event` to the job, read again each time another writer changed it first; false when it does not apply. */
  async function apply(id: number, event: JobEvent, read?: JobSnapshot): Promise<boolean> {
    for (let job = read ?? (await snapshot(id)); job; job = await snapshot(id)) {
      const write = transition(job, event);
      if (!write) return false;
      if (await compareAndSet(job, write)) return true;
    }
    return false;
  }
  /** Applies `event` to every job in a state it applies in (of `owner`'s leases, for a lease holder's event). */
  async function applyAll(event: JobEvent & { owner?: string }): Promise<number> {
    const t = JOB_TRANSITIONS[event.type];
    const jobs = await rows<JobSnapshot>(
      sql,
      `SELECT ${SNAPSHOT} FROM print_jobs WHERE state IN (${sqlList(t.from)})${t.leaseHolder ? ' AND lease_owner = $1' : ''}
       ORDER BY id${locked}`,
      t.leaseHolder ? [event.owner] : [],
    );
    let n = 0;
    for (const job of jobs) if (await apply(job.id, event, job)) n++;
    return n;
  }
  /**
   * Claims the first candidate still claimable when the compare-and-set runs (the claim's rule decides; this finds
   * it with the due index): queued and due, or printing under a lease that ran out with no label in doubt. Another
   * station's claim in progress keeps its job locked: this one takes the next (`SKIP LOCKED`).
   */
  async function claim(event: Extract<JobEvent, { type: 'claim' }>, site: string, busy: string[], only: number | null) {
    for (;;) {
      const candidate = await first<JobSnapshot>(
        sql,
        `SELECT ${SNAPSHOT_COLUMNS.map((c) => `j.${c}`).join(', ')} FROM print_jobs j JOIN printers p ON p.id = j.printer_id
         WHERE ((j.state = 'queued' AND j.next_attempt_at <= $1) OR (j.state = 'printing' AND j.lease_until < $1 AND NOT j.in_doubt))
           AND ($2::bigint IS NULL OR j.id = $2) AND p.connection <> ALL($3::text[]) AND (p.site = $4 OR $2::bigint IS NOT NULL)
         ORDER BY j.total > 1, j.id LIMIT 1${sql.inTransaction ? ' FOR UPDATE OF j SKIP LOCKED' : ''}`,
        [event.wall, only, busy, site],
      );
      if (!candidate) return undefined;
      if (await apply(candidate.id, event, candidate))
        return first<JobRecord>(sql, 'SELECT * FROM print_jobs WHERE id = $1', [candidate.id]);
    }
  }

  return {
    printers: (accountId) =>
      rows<PrinterRecord>(sql, 'SELECT * FROM printers WHERE account_id = $1 ORDER BY name', [accountId]),
    printer: (accountId, name) =>
      first<PrinterRecord>(sql, `SELECT * FROM printers WHERE account_id = $1 AND name = $2${locked}`, [
        accountId,
        name,
      ]),
    printerById: (id) => first<PrinterRecord>(sql, 'SELECT * FROM printers WHERE id = $1', [id]),
    defaultPrinter: (accountId, format) =>
      first<PrinterRecord>(sql, 'SELECT * FROM printers WHERE account_id = $1 AND default_for = $2', [
        accountId,
        format,
      ]),
    async savePrinter(accountId, name, v, now, exists) {
      if (v.default_for)
        await sql.query('UPDATE printers SET default_for = NULL WHERE account_id = $1 AND default_for = $2', [
          accountId,
          v.default_for,
        ]);
      const values = [
        accountId,
        name,
        v.driver,
        v.connection,
        v.settings,
        v.default_for,
        v.folder_real ?? null,
        now,
        v.site,
      ];
      if (exists)
        // A new connection or settings may be another printer: what it answers is learned again.
        await sql.query(
          `UPDATE printers SET driver = $3, connection = $4, settings = $5, default_for = $6, folder_real = $7, site = $9,
             answers_status = CASE WHEN connection = $4 AND settings = $5::jsonb THEN answers_status END, updated_at = $8
           WHERE account_id = $1 AND name = $2`,
          values,
        );
      else
        await sql.query(
          `INSERT INTO printers (account_id, name, driver, connection, settings, default_for, folder_real, created_at,
             updated_at, site) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9)`,
          values,
        );
    },
    async setAnswersStatus(id, value) {
      await sql.query('UPDATE printers SET answers_status = $1 WHERE id = $2', [value, id]);
    },
    deletePrinter: (accountId, name) =>
      run('DELETE FROM printers WHERE account_id = $1 AND name = $2', [accountId, name]),
    holding: async (printerId) =>
      (await first<{ n: number }>(
        sql,
        `SELECT count(*) AS n FROM print_jobs WHERE printer_id = $1 AND state IN (${HOLDING})`,
        [printerId],
      ))!.n,

    job: (accountId, id) =>
      first<JobRecord>(sql, `SELECT * FROM print_jobs WHERE account_id = $1 AND id = $2${locked}`, [accountId, id]),
    jobById: (id) => first<JobRecord>(sql, 'SELECT * FROM print_jobs WHERE id = $1', [id]),
    holder: (id) =>
      first<Pick<JobRecord, 'state' | 'lease_owner'>>(sql, 'SELECT state, lease_owner FROM print_jobs WHERE id = $1', [
        id,
      ]),
    async jobs(accountId, state, limit, offset) {
      const where = 'account_id = $1 AND ($2::text IS NULL OR state = $2)';
      return {
        rows: await rows<JobRecord>(
          sql,
          `SELECT * FROM print_jobs WHERE ${where} ORDER BY id DESC LIMIT $3 OFFSET $4`,
          [accountId, state, limit, offset],
        ),
        total: (await first<{ n: number }>(sql, `SELECT count(*) AS n FROM print_jobs WHERE ${where}`, [
          accountId,
          state,
        ]))!.n,
      };
    },
    // The partial index print_jobs_attention (migration 006) holds exactly these rows.
    attention: (accountId) =>
      rows<JobRecord>(
        sql,
        `SELECT * FROM print_jobs WHERE account_id = $1 AND ${NEEDS_ATTENTION_SQL} ORDER BY id DESC LIMIT 100`,
        [accountId],
      ),
    alreadyPrinted: async (accountId, format, codes) =>
      (
        await rows<{ code: string }>(
          sql,
          `SELECT DISTINCT c.code FROM print_job_codes c JOIN print_jobs j ON j.id = c.job_id
           WHERE c.account_id = $1 AND j.state IN (${HOLDING}, 'done') AND j.format = $2 AND c.code = ANY($3)`,
          [accountId, format, codes],
        )
      ).map((r) => r.code),
    pending: (accountId, format, codes) =>
      rows<{ id: number; code: string }>(
        sql,
        `SELECT j.id, e.code FROM print_jobs j, jsonb_array_elements_text(j.codes) WITH ORDINALITY AS e(code, n)
         WHERE j.account_id = $1 AND j.state IN (${HOLDING}) AND j.format = $2 AND e.n - 1 >= j.done AND e.code = ANY($3)
         ORDER BY j.id`,
        [accountId, format, codes],
      ),
    async insertJob(accountId, job, now, wall) {
      const fields = newJobFields(wall);
      const id = (await first<{ id: number }>(
        sql,
        `INSERT INTO print_jobs (account_id, codes, format, printer, printer_id, driver, connection, settings, reprint, state,
           total, start, next_attempt_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $14, $10, $11, $12, $13, $13) RETURNING id`,
        [
          accountId,
          JSON.stringify(job.codes),
          job.format,
          job.printer.name,
          job.printer.id,
          job.printer.driver,
          job.printer.connection,
          job.printer.settings,
          job.reprint,
          job.codes.length,
          job.start,
          fields.next_attempt_at,
          now,
          fields.state,
        ],
      ))!.id;
      await sql.query(
        'INSERT INTO print_job_codes (job_id, account_id, code) SELECT $1, $2, c FROM unnest($3::text[]) AS c',
        [id, accountId, job.codes],
      );
      return id;
    },

    otherOwners: async (owner) =>
      (
        await rows<{ owner: string }>(
          sql,
          `SELECT DISTINCT lease_owner AS owner FROM print_jobs
           WHERE state = 'printing' AND lease_owner IS NOT NULL AND lease_owner <> $1`,
          [owner],
        )
      ).map((r) => r.owner),
    endLease: (owner) => applyAll({ type: 'endLease', owner }),
    expireInDoubt: (wall, stamp) => applyAll({ type: 'expireInDoubt', wall, stamp }),
    claim: (owner, site, wall, leaseUntil, busy, stamp, only) =>
      claim({ type: 'claim', owner, wall, leaseUntil, stamp }, site, busy, only),
    nextDue: async (site, busy) =>
      (await first<{ at: number | null }>(
        sql,
        `SELECT min(CASE j.state WHEN 'queued' THEN j.next_attempt_at ELSE j.lease_until END) AS at
         FROM print_jobs j JOIN printers p ON p.id = j.printer_id
         WHERE j.state IN ('queued', 'printing') AND p.connection <> ALL($1::text[]) AND p.site = $2`,
        [busy, site],
      ))!.at,
    sending: (id, owner) => apply(id, { type: 'sending', owner }),
    progress: (id, owner, done, leaseUntil, now) => apply(id, { type: 'progress', owner, done, leaseUntil, now }),
    renew: async (id, owner, leaseUntil) => void (await apply(id, { type: 'renew', owner, leaseUntil })),
    finish: (id, owner, now) => apply(id, { type: 'finish', owner, now }),
    fail: (id, owner, error, now) => apply(id, { type: 'fail', owner, error, now }),
    backoff: (id, owner, error, nextAttemptAt, now) => apply(id, { type: 'backoff', owner, error, nextAttemptAt, now }),
    unconfirmed: (id, owner, error, now) => apply(id, { type: 'unconfirmed', owner, error, now }),
    letGo: async (id, owner) => void (await apply(id, { type: 'letGo', owner })),
    async release(owner, wall) {
      const n = await applyAll({ type: 'release', owner, wall });
      await applyAll({ type: 'letGo', owner });
      return n;
    },
    requeue: async (id, now, wall) => void (await apply(id, { type: 'requeue', now, wall })),
    cancel: async (id, now) => void (await apply(id, { type: 'cancel', now })),
    confirm: (id, unit, now, wall) => apply(id, { type: 'confirm', unit, now, wall }),
    printAgain: (id, now, wall) => apply(id, { type: 'printAgain', now, wall }),
    move: async (id, printer, now, wall) => void (await apply(id, { type: 'move', printer, now, wall })),
  };
}
