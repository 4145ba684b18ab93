import { HOLDS_PRINTER, NEEDS_ATTENTION_SQL } from '../../shared/job-states.js';
import { DOUBT_MESSAGE } from '../../features/printing/job-transitions.js';
import type { JobRecord, PrinterRecord, PrintStore } from '../../features/printing/store.js';
import { first, rows, type Sql } from './sql.js';

const HOLDING = HOLDS_PRINTER.map((s) => `'${s}'`).join(', ');
/** The state a job returns to when it is handed back: unconfirmed when a label was on its way, else queued. */
const HANDED_BACK = `CASE WHEN in_doubt THEN 'unconfirmed' ELSE 'queued' END`;

const changed = (r: { rowCount: number | null }) => (r.rowCount ?? 0) > 0;

/**
 * Printers and the print queue on PostgreSQL. Several stations share the queue: a claim takes the next due job with
 * `FOR UPDATE SKIP LOCKED`, so two workers never take the same one, and every later change names the lease owner.
 * Inside a transaction a job or printer read is locked until it ends (an operator's action against a worker's).
 */
export function createPrintStore(sql: Sql): PrintStore {
  const locked = sql.inTransaction ? ' FOR UPDATE' : '';
  const run = async (text: string, values: unknown[]) => changed(await sql.query(text, values));
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
      const id = (await first<{ id: number }>(
        sql,
        `INSERT INTO print_jobs (account_id, codes, format, printer, printer_id, driver, connection, settings, reprint, state,
           total, start, next_attempt_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'queued', $10, $11, $12, $13, $13) RETURNING id`,
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
          wall,
          now,
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
    endLease: async (owner) =>
      (await sql.query(`UPDATE print_jobs SET lease_until = 0 WHERE lease_owner = $1 AND state = 'printing'`, [owner]))
        .rowCount ?? 0,
    expireInDoubt: async (wall, stamp) =>
      (
        await sql.query(
          `UPDATE print_jobs SET state = 'unconfirmed', in_doubt = false, lease_owner = NULL, lease_until = NULL,
             last_error = '${DOUBT_MESSAGE}', updated_at = $2
           WHERE state = 'printing' AND in_doubt AND lease_until < $1`,
          [wall, stamp],
        )
      ).rowCount ?? 0,
    claim: (owner, site, wall, leaseUntil, busy, stamp, only) =>
      first<JobRecord>(
        sql,
        `UPDATE print_jobs SET state = 'printing', lease_owner = $1, lease_until = $2, attempts = attempts + 1, updated_at = $3
         WHERE id = (SELECT j.id FROM print_jobs j JOIN printers p ON p.id = j.printer_id
           WHERE ((j.state = 'queued' AND j.next_attempt_at <= $4) OR (j.state = 'printing' AND j.lease_until < $4 AND NOT j.in_doubt))
             AND ($5::bigint IS NULL OR j.id = $5) AND p.connection <> ALL($6::text[]) AND (p.site = $7 OR $5::bigint IS NOT NULL)
           ORDER BY j.total > 1, j.id LIMIT 1 FOR UPDATE OF j SKIP LOCKED)
         RETURNING *`,
        [owner, leaseUntil, stamp, wall, only, busy, site],
      ),
    nextDue: async (site, busy) =>
      (await first<{ at: number | null }>(
        sql,
        `SELECT min(CASE j.state WHEN 'queued' THEN j.next_attempt_at ELSE j.lease_until END) AS at
         FROM print_jobs j JOIN printers p ON p.id = j.printer_id
         WHERE j.state IN ('queued', 'printing') AND p.connection <> ALL($1::text[]) AND p.site = $2`,
        [busy, site],
      ))!.at,
    sending: (id, owner) =>
      run(`UPDATE print_jobs SET in_doubt = true WHERE id = $1 AND lease_owner = $2 AND state = 'printing'`, [
        id,
        owner,
      ]),
    progress: (id, owner, done, leaseUntil, now) =>
      run(
        `UPDATE print_jobs SET done = $3, in_doubt = false, lease_until = $4, updated_at = $5
         WHERE id = $1 AND lease_owner = $2 AND state IN ('printing', 'canceled')`,
        [id, owner, done, leaseUntil, now],
      ),
    async renew(id, owner, leaseUntil) {
      await sql.query(
        `UPDATE print_jobs SET lease_until = $3 WHERE id = $1 AND lease_owner = $2 AND state = 'printing'`,
        [id, owner, leaseUntil],
      );
    },
    finish: (id, owner, now) =>
      run(
        `UPDATE print_jobs SET state = 'done', lease_owner = NULL, lease_until = NULL, last_error = NULL, updated_at = $3,
           finished_at = $3 WHERE id = $1 AND lease_owner = $2 AND state = 'printing'`,
        [id, owner, now],
      ),
    fail: (id, owner, error, now) =>
      run(
        `UPDATE print_jobs SET state = 'failed', lease_owner = NULL, lease_until = NULL, last_error = $3, updated_at = $4,
           finished_at = $4 WHERE id = $1 AND lease_owner = $2 AND state = 'printing'`,
        [id, owner, error, now],
      ),
    backoff: (id, owner, error, nextAttemptAt, now) =>
      run(
        `UPDATE print_jobs SET state = 'queued', lease_owner = NULL, lease_until = NULL, last_error = $3,
           next_attempt_at = $4, updated_at = $5 WHERE id = $1 AND lease_owner = $2 AND state = 'printing'`,
        [id, owner, error, nextAttemptAt, now],
      ),
    unconfirmed: (id, owner, error, now) =>
      run(
        `UPDATE print_jobs SET state = 'unconfirmed', in_doubt = false, lease_owner = NULL, lease_until = NULL,
           last_error = $3, updated_at = $4 WHERE id = $1 AND lease_owner = $2 AND state = 'printing'`,
        [id, owner, error, now],
      ),
    async letGo(id, owner) {
      await sql.query(
        `UPDATE print_jobs SET lease_owner = NULL, lease_until = NULL WHERE id = $1 AND lease_owner = $2 AND state <> 'printing'`,
        [id, owner],
      );
    },
    async release(owner, wall) {
      const n =
        (
          await sql.query(
            `UPDATE print_jobs SET state = ${HANDED_BACK}, in_doubt = false, lease_owner = NULL, lease_until = NULL,
               attempts = CASE WHEN in_doubt THEN attempts ELSE greatest(attempts - 1, 0) END,
               last_error = CASE WHEN in_doubt THEN '${DOUBT_MESSAGE}' ELSE last_error END,
               next_attempt_at = $2 WHERE lease_owner = $1 AND state = 'printing'`,
            [owner, wall],
          )
        ).rowCount ?? 0;
      await sql.query('UPDATE print_jobs SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = $1', [owner]);
      return n;
    },
    async requeue(id, now, wall) {
      await sql.query(
        `UPDATE print_jobs SET state = ${HANDED_BACK}, in_doubt = false, attempts = 0,
           last_error = CASE WHEN in_doubt THEN 'canceled while this label was being sent: did it print?' END,
           lease_owner = NULL, lease_until = NULL, next_attempt_at = $3, updated_at = $2, finished_at = NULL WHERE id = $1`,
        [id, now, wall],
      );
    },
    async cancel(id, now) {
      await sql.query(
        `UPDATE print_jobs SET state = 'canceled', lease_until = NULL, updated_at = $2, finished_at = $2 WHERE id = $1`,
        [id, now],
      );
    },
    confirm: (id, unit, now, wall) =>
      run(
        `UPDATE print_jobs SET done = least(total, done + $2::int),
           state = CASE WHEN done + $2::int >= total THEN 'done' ELSE 'queued' END,
           finished_at = CASE WHEN done + $2::int >= total THEN $3::bigint END,
           attempts = 0, last_error = NULL, next_attempt_at = $4, updated_at = $3 WHERE id = $1 AND state = 'unconfirmed'`,
        [id, unit, now, wall],
      ),
    printAgain: (id, now, wall) =>
      run(
        `UPDATE print_jobs SET state = 'queued', reprint = true, attempts = 0, last_error = NULL, next_attempt_at = $3,
           updated_at = $2 WHERE id = $1 AND state = 'unconfirmed'`,
        [id, now, wall],
      ),
    async move(id, printer, now, wall) {
      await sql.query(
        `UPDATE print_jobs SET printer_id = $2, printer = $3, driver = $4, connection = $5, settings = $6,
           state = CASE state WHEN 'unconfirmed' THEN 'unconfirmed' ELSE ${HANDED_BACK} END, in_doubt = false,
           attempts = 0, lease_owner = NULL, lease_until = NULL, next_attempt_at = $8, updated_at = $7, finished_at = NULL
         WHERE id = $1`,
        [id, printer.id, printer.name, printer.driver, printer.connection, printer.settings, now, wall],
      );
    },
  };
}
