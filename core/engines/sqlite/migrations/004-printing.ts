/**
 * Printers and the durable print queue. A job keeps a copy of its printer's driver, connection and settings so
 * that editing or removing a printer never changes where a queued label goes, and so that history stays readable.
 * `done` counts the labels whose bytes the printer accepted: a resumed job starts right after them.
 * `next_attempt_at` and `lease_until` are wall-clock ms: they drive timers, and the lease lets several processes
 * on the same data (serve, `station print`) share the queue without printing a job twice.
 */
export default `
CREATE TABLE printers (
  id           INTEGER PRIMARY KEY,
  account_id   INTEGER NOT NULL REFERENCES accounts(id),
  name         TEXT NOT NULL,
  driver       TEXT NOT NULL,
  connection   TEXT NOT NULL,
  settings     TEXT NOT NULL,
  default_for  TEXT,
  created_at   INTEGER NOT NULL,
  updated_at   INTEGER NOT NULL,
  UNIQUE (account_id, name)
) STRICT;
CREATE UNIQUE INDEX printers_default ON printers(account_id, default_for) WHERE default_for IS NOT NULL;

CREATE TABLE print_jobs (
  id               INTEGER PRIMARY KEY,
  account_id       INTEGER NOT NULL REFERENCES accounts(id),
  codes            TEXT NOT NULL,
  format           TEXT NOT NULL,
  printer          TEXT NOT NULL,
  driver           TEXT NOT NULL,
  connection       TEXT NOT NULL,
  settings         TEXT NOT NULL,
  reprint          INTEGER NOT NULL DEFAULT 0,
  state            TEXT NOT NULL,
  done             INTEGER NOT NULL DEFAULT 0,
  total            INTEGER NOT NULL,
  attempts         INTEGER NOT NULL DEFAULT 0,
  last_error       TEXT,
  next_attempt_at  INTEGER NOT NULL,
  lease_owner      TEXT,
  lease_until      INTEGER,
  created_at       INTEGER NOT NULL,
  updated_at       INTEGER NOT NULL,
  finished_at      INTEGER
) STRICT;
CREATE INDEX print_jobs_account ON print_jobs(account_id, id);
CREATE INDEX print_jobs_due ON print_jobs(state, next_attempt_at) WHERE state IN ('queued', 'printing');

-- Which shipment codes a job prints: "was this label printed already?" without scanning JSON.
CREATE TABLE print_job_codes (
  job_id      INTEGER NOT NULL REFERENCES print_jobs(id),
  account_id  INTEGER NOT NULL,
  code        TEXT NOT NULL,
  PRIMARY KEY (job_id, code)
) STRICT, WITHOUT ROWID;
CREATE INDEX print_job_codes_code ON print_job_codes(account_id, code);
`;
