import type { OutboxTx } from '../../platform/outbox/announce.js';
import type { JobState } from '../../shared/job-states.js';
import type { DriverName, LabelFormat, PrinterSettings } from './types.js';

export interface PrinterRecord {
  id: number;
  account_id: number;
  name: string;
  driver: DriverName;
  connection: string;
  settings: PrinterSettings;
  default_for: LabelFormat | null;
  /** Learned: whether the printer answers status requests; null not known yet. */
  answers_status: boolean | null;
  /** A file printer's folder as resolved when it was checked against the allowed roots. */
  folder_real: string | null;
  /** The site whose stations print its jobs. */
  site: string;
  created_at: number;
  updated_at: number;
}

export interface JobRecord {
  id: number;
  account_id: number;
  codes: string[];
  format: LabelFormat;
  /** The printer's name when the job was last sent to it (history); `printer_id` is the printer. */
  printer: string;
  printer_id: number | null;
  driver: DriverName;
  connection: string;
  settings: PrinterSettings;
  reprint: boolean;
  state: JobState;
  done: number;
  total: number;
  /** The unit at `done` is being sent; its bytes may have reached the printer. */
  in_doubt: boolean;
  /** The first tile (1..8) of the job's first A4 sheet. */
  start: number;
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
  /** See PrinterRecord: set when a file printer's folder was checked against the allowed roots. */
  folder_real?: string | null;
  site: string;
}

export interface NewJob {
  codes: string[];
  format: LabelFormat;
  printer: PrinterRecord;
  reprint: boolean;
  start: number;
}

/**
 * Printers and the durable print queue. Times named `now`/`stamp` are the service clock's (`updated_at`); `wall`,
 * `leaseUntil` and `nextAttemptAt` are wall-clock ms, which drive timers and leases. Every change of a job made
 * by a worker names the worker (`owner`) and changes nothing (false) once the job is no longer that worker's.
 */
export interface PrintStore {
  printers(accountId: number): Promise<PrinterRecord[]>;
  printer(accountId: number, name: string): Promise<PrinterRecord | undefined>;
  printerById(id: number): Promise<PrinterRecord | undefined>;
  defaultPrinter(accountId: number, format: LabelFormat): Promise<PrinterRecord | undefined>;
  /** Creates or replaces a printer; a new default for a format un-defaults the account's other one. */
  savePrinter(accountId: number, name: string, v: PrinterValues, now: number, exists: boolean): Promise<void>;
  /** Records what the printer answers to status requests (null: learn it again). */
  setAnswersStatus(id: number, value: boolean | null): Promise<void>;
  deletePrinter(accountId: number, name: string): Promise<boolean>;
  /** Jobs that keep the printer from being removed. */
  holding(printerId: number): Promise<number>;

  job(accountId: number, id: number): Promise<JobRecord | undefined>;
  jobById(id: number): Promise<JobRecord | undefined>;
  /** A job's state and lease holder alone: what a worker checks before each label (a batch's codes are not read). */
  holder(id: number): Promise<Pick<JobRecord, 'state' | 'lease_owner'> | undefined>;
  jobs(
    accountId: number,
    state: JobState | null,
    limit: number,
    offset: number,
  ): Promise<{ rows: JobRecord[]; total: number }>;
  /**
   * The jobs waiting for the operator (`needsAttention` of job-states.ts: held, unconfirmed, failed), newest first,
   * at most 100.
   */
  attention(accountId: number): Promise<JobRecord[]>;
  /** Codes among `codes` that a job of this format printed or holds. */
  alreadyPrinted(accountId: number, format: LabelFormat, codes: string[]): Promise<string[]>;
  /** Labels of unfinished jobs not yet confirmed printed: a reprint of one of them joins its job. */
  pending(accountId: number, format: LabelFormat, codes: string[]): Promise<Array<{ id: number; code: string }>>;
  insertJob(accountId: number, job: NewJob, now: number, wall: number): Promise<number>;

  /** Lease holders other than `owner` with jobs printing: the worker checks whether their process still lives. */
  otherOwners(owner: string): Promise<string[]>;
  /** The process holding these leases is gone: its jobs are taken up now instead of when the lease runs out. */
  endLease(owner: string): Promise<number>;
  /** A dead worker's job whose label was on its way: not resent by itself, it waits for the operator. */
  expireInDoubt(wall: number, stamp: number): Promise<number>;
  /**
   * Claims the next job this worker may run: queued and due, or printing under a lease that ran out with no label
   * in doubt. Only jobs of the worker's `site`'s printers; jobs of a connection in `busy` wait their turn; `only`
   * limits the claim to one job, whatever its site (`station print` prints the job it submitted). Jobs of one label
   * come first, then the oldest: a desk's label is not queued behind the batches on its printer.
   */
  claim(
    owner: string,
    site: string,
    wall: number,
    leaseUntil: number,
    busy: string[],
    stamp: number,
    only: number | null,
  ): Promise<JobRecord | undefined>;
  /** When the next job of the site that is not busy falls due (wall-clock ms), or null. */
  nextDue(site: string, busy: string[]): Promise<number | null>;
  /** The unit at `done` is about to leave: from now on it is in doubt until the printer confirms it. */
  sending(id: number, owner: string): Promise<boolean>;
  progress(id: number, owner: string, done: number, leaseUntil: number, now: number): Promise<boolean>;
  renew(id: number, owner: string, leaseUntil: number): Promise<void>;
  finish(id: number, owner: string, now: number): Promise<boolean>;
  fail(id: number, owner: string, error: string, now: number): Promise<boolean>;
  backoff(id: number, owner: string, error: string, nextAttemptAt: number, now: number): Promise<boolean>;
  unconfirmed(id: number, owner: string, error: string, now: number): Promise<boolean>;
  /** The worker is done with a job that is no longer its to print (canceled meanwhile). */
  letGo(id: number, owner: string): Promise<void>;
  /**
   * Hands this worker's running jobs back (clean shutdown): the interrupted try is not counted; a job whose label
   * was on its way becomes unconfirmed.
   */
  release(owner: string, wall: number): Promise<number>;
  requeue(id: number, now: number, wall: number): Promise<void>;
  cancel(id: number, now: number): Promise<void>;
  /** "It printed": the unit in doubt counts as printed; the rest of the job, if any, resumes. */
  confirm(id: number, unit: number, now: number, wall: number): Promise<boolean>;
  /** "Print again": the unit in doubt is sent again, at the operator's request (the job is marked a reprint). */
  printAgain(id: number, now: number, wall: number): Promise<boolean>;
  move(id: number, printer: PrinterRecord, now: number, wall: number): Promise<void>;
}

/** The stores printing writes with: the queue, and the outbox that announces a job's end (print_job.finished). */
export type PrintingStores = { printing: PrintStore } & OutboxTx;
