/**
 * Printing exactly once (issue 11).
 * - Jobs refer to their printer by id: a printer that still has jobs cannot be removed, and a new printer that
 *   reuses a name never inherits an old one's jobs. Existing jobs are matched to the printer whose name, driver
 *   and connection they copied; an unfinished job whose printer is gone (or was replaced) is `failed` with the
 *   reason, for the operator to move or cancel, instead of printing to a connection nobody configured.
 * - `in_doubt`: the label at `done` was being sent and its bytes may have reached the printer. Set before the
 *   first byte leaves, cleared when the printer confirms it; a job found `printing` under a dead lease with it
 *   set becomes `unconfirmed` and waits for the operator. A job the previous version left `printing` is in doubt.
 * - `printers.answers_status`: learned whether the printer answers status requests (NULL: not yet known).
 * - `label_files`: one document per account, kind and request (`doc_key`) while its link is valid (the url's
 *   secret is kept so the same link can be given again), and its size for the folder's cap.
 */
export default `
ALTER TABLE print_jobs ADD COLUMN printer_id INTEGER REFERENCES printers(id) ON DELETE SET NULL;
ALTER TABLE print_jobs ADD COLUMN in_doubt INTEGER NOT NULL DEFAULT 0 CHECK (in_doubt IN (0, 1));
UPDATE print_jobs SET printer_id = (
  SELECT p.id FROM printers p
  WHERE p.account_id = print_jobs.account_id AND p.name = print_jobs.printer
    AND p.driver = print_jobs.driver AND p.connection = print_jobs.connection);
UPDATE print_jobs SET in_doubt = 1 WHERE state = 'printing';
UPDATE print_jobs SET state = 'failed', lease_owner = NULL, lease_until = NULL, finished_at = updated_at,
  last_error = 'its printer was removed or replaced; move the job to a printer or cancel it'
  WHERE printer_id IS NULL AND state = 'queued';
UPDATE print_jobs SET state = 'unconfirmed', lease_owner = NULL, lease_until = NULL,
  last_error = 'its printer was removed or replaced while a label was being sent'
  WHERE printer_id IS NULL AND state = 'printing';
CREATE INDEX print_jobs_printer ON print_jobs(printer_id, state);

ALTER TABLE printers ADD COLUMN answers_status INTEGER CHECK (answers_status IN (0, 1));

ALTER TABLE label_files ADD COLUMN doc_key TEXT;
ALTER TABLE label_files ADD COLUMN secret TEXT;
ALTER TABLE label_files ADD COLUMN bytes INTEGER NOT NULL DEFAULT 0;
CREATE INDEX label_files_doc ON label_files(account_id, kind, doc_key) WHERE doc_key IS NOT NULL;
CREATE INDEX label_files_age ON label_files(kind, created_at);
`;
