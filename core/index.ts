import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { OpName, OpOutput } from './api.js';
import type { Principal } from './operations/principal.js';
import { systemClock, type Clock } from './clock.js';
import { DomainError } from './errors.js';
import { stderrLogger, type Logger } from './logger.js';
import { operationsByName } from './operation-table.js';
import type { Operation } from './operations/types.js';
import { DB_FILE } from './paths.js';
import { createServices, type Services } from './services.js';
import { openDb, type UpgradeNotice } from './store/db.js';
import { isStorageFull } from './store/errors.js';
import { backupsToKeep, createDailyBackups } from './store/backup.js';
import { mismatches, NO_QUERY, parse, prepareValidator } from './validation.js';

export interface CoreOptions {
  dataDir: string;
  clock?: Clock;
  env?: Record<string, string | undefined>;
  /** Run the print queue's worker in this process (the service and the desk do; one-shot CLI commands do not). */
  printQueue?: boolean;
  /** Told when the store is upgraded at open, before the (possibly long) work starts. */
  onUpgrade?: UpgradeNotice;
  /** Where failures are written (default: JSON lines on stderr). */
  logger?: Logger;
  /**
   * Check every answer against its operation's output schema (a mismatch is a logged 500). Tests turn it on
   * (`STATION_VERIFY_OUTPUT=1`) so that the OpenAPI document, made from the same schemas, cannot drift from what is sent.
   */
  verifyOutput?: boolean;
}

/** An operation's input as an adapter received it: parts are validated (and query strings coerced) by the core. */
export interface RawInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

export interface ExecuteOptions {
  /** `{base_url}` of the adapter, for links in answers (label urls); null gives bare paths. */
  baseUrl?: string | null;
  /** Names the call in the log and in a 500's problem body. */
  requestId?: string;
}

/**
 * The service, whatever drives it (HTTP, Electron IPC, CLI). `execute` is the one door: check the permission,
 * validate the input against the operation's schemas, run the handler, and log any failure that is not the caller's.
 */
export interface Core {
  services: Services;
  log: Logger;
  operation(name: string): Operation;
  /** Fails with `forbidden` naming the permission the caller lacks. */
  authorize(principal: Principal, op: Operation): void;
  execute<N extends OpName>(
    name: N,
    input: RawInput,
    principal: Principal,
    opts?: ExecuteOptions,
  ): Promise<OpOutput<N>>;
  execute(name: string, input: RawInput, principal: Principal, opts?: ExecuteOptions): Promise<unknown>;
  /**
   * Readies the long-running service for its first requests, a step at a time between them: every operation's
   * validators compiled, a drawing worker started with its fonts loaded.
   */
  warm(): Promise<void>;
  close(): void;
}

/** Seconds a client is told to wait (`Retry-After`) before trying a write again on a full disk. */
export const STORAGE_FULL_RETRY_S = 30;

/** A write refused for want of disk space: the caller is told so, and when to try again (507, contract). */
export function storageFull(): DomainError {
  return new DomainError(
    'storage_full',
    'the disk of this station is full: nothing was saved. Free some space on it; reads keep working meanwhile',
    { extra: { retry_after: STORAGE_FULL_RETRY_S } },
  );
}

/** A 500 says only that it happened and under which id the log has the cause. */
export function internalError(requestId: string): DomainError {
  return new DomainError('internal', `an internal error occurred; it is logged under request id ${requestId}`, {
    extra: { request_id: requestId },
  });
}

export function createCore({
  dataDir,
  clock = systemClock,
  env = process.env,
  printQueue = true,
  onUpgrade,
  logger,
  verifyOutput = env.STATION_VERIFY_OUTPUT === '1',
}: CoreOptions): Core {
  const log = logger ?? stderrLogger();
  // The long-running service (the one with the queue) holds the store as the service: a second one refuses to
  // start, and `station restore` refuses while either runs (core/store/lock.ts).
  const db = openDb(join(dataDir, DB_FILE), undefined, onUpgrade, printQueue ? 'service' : 'command');
  const services = createServices({ db, clock, dataDir, env });
  if (printQueue) services.printing.queue.start();
  // The service also makes the daily backups.
  const indexing = printQueue
    ? services.searchIndex.inBackground((err) =>
        // A full disk is not a bug: the shipments are indexed once space returns (or by the next search).
        isStorageFull(err)
          ? log.warn({ err }, 'indexing new shipments for search waits: the disk is full')
          : log.error({ err }, 'indexing new shipments for search failed'),
      )
    : null;
  const daily = printQueue
    ? createDailyBackups(db, dataDir, clock, backupsToKeep(env)).start((err) =>
        log.error({ err }, 'daily backup failed'),
      )
    : null;

  function operation(name: string): Operation {
    const op = operationsByName.get(name);
    if (!op) throw new DomainError('not_found', `no operation ${name}`);
    return op;
  }

  function authorize(principal: Principal, op: Operation): void {
    if (op.permission === 'owner') {
      if (!principal.owner)
        throw new DomainError('forbidden', `${op.name} is for the station's owner, at the station`, {
          extra: { permission: 'owner' },
        });
      return;
    }
    if (!principal.permissions.has(op.permission))
      throw new DomainError('forbidden', `this token lacks the permission ${op.permission}`, {
        extra: { permission: op.permission },
      });
  }

  async function execute(
    name: string,
    raw: RawInput,
    principal: Principal,
    opts: ExecuteOptions = {},
  ): Promise<unknown> {
    const op = operation(name);
    authorize(principal, op);
    // A query parameter the operation does not list is refused, also where it lists none (README: The API).
    if (!op.input.query && raw.query !== undefined) parse(NO_QUERY, raw.query);
    // Path parameters and query strings arrive as text (from HTTP or the CLI): coerced to their schemas' numbers.
    const input = {
      ...(op.input.params ? { params: parse(op.input.params, raw.params, { coerce: true }) } : {}),
      ...(op.input.query ? { query: parse(op.input.query, raw.query, { coerce: true }) } : {}),
      ...(op.input.body ? { body: parse(op.input.body, raw.body) } : {}),
    };
    let result: unknown;
    try {
      result = await op.handler({ principal, services, baseUrl: opts.baseUrl ?? null, log }, input);
    } catch (e) {
      if (e instanceof DomainError) throw e;
      if (isStorageFull(e)) {
        log.warn({ err: e, op: name }, 'a write failed: the disk is full');
        throw storageFull();
      }
      const requestId = opts.requestId ?? randomUUID();
      log.error({ err: e, request_id: requestId, op: name, account: principal.accountId }, 'operation failed');
      throw internalError(requestId);
    }
    if (verifyOutput) {
      const wrong = mismatches(op.output, result);
      if (wrong.length) {
        const requestId = opts.requestId ?? randomUUID();
        log.error({ request_id: requestId, op: name, mismatches: wrong }, 'answer does not match its output schema');
        throw internalError(requestId);
      }
    }
    return result;
  }

  async function warm(): Promise<void> {
    const drawing = services.labels.warm();
    for (const op of operationsByName.values()) {
      if (op.input.params) prepareValidator(op.input.params);
      if (op.input.query) prepareValidator(op.input.query, true);
      if (op.input.body) prepareValidator(op.input.body);
      await new Promise((r) => setImmediate(r));
    }
    await drawing;
  }

  return {
    services,
    log,
    operation,
    authorize,
    warm,
    execute,
    close: () => {
      services.printing.queue.stop();
      services.scale.stop();
      indexing?.stop();
      daily?.stop();
      // Workers end on their own time; a command's process exits once they have.
      void services.render.close();
      db.close();
    },
  };
}

export type { Principal } from './operations/principal.js';
