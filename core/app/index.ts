import { randomUUID } from 'node:crypto';
import type { OpName, OpOutput } from './api.js';
import type { Principal } from '../platform/operations/principal.js';
import { systemClock, type Clock } from '../platform/clock.js';
import type { Engine } from '../engines/engine.js';
import { openEngine } from '../engines/open.js';
import { DomainError, isStorageFull, storageFull } from '../shared/errors.js';
import { stderrLogger, type Logger } from '../platform/logger.js';
import { operationsByName, servicesFor } from './operation-table.js';
import type { Operation } from '../platform/operations/types.js';
import type { PrintJobT } from '../features/printing/schemas.js';
import type { PublicJwk } from '../features/qr/keys.js';
import type { Dpi } from '../shared/schemas/codes.js';
import { createIdempotency } from '../platform/idempotency/keys.js';
import { createRequestActivity } from '../platform/request-activity.js';
import { createServices, type Services } from './services.js';
import type { RawDriverName } from '../features/printing/types.js';
import { mismatches, NO_QUERY, parse, prepareValidator } from '../platform/validation.js';

export interface CoreOptions {
  dataDir: string;
  /** `postgres://…` runs the station on PostgreSQL; absent, on SQLite in `dataDir` (contract, "Stores and sites"). */
  store?: string | undefined;
  clock?: Clock;
  env?: Record<string, string | undefined>;
  /** The station's site (`--site`, `STATION_SITE`): it prints the jobs of that site's printers. */
  site?: string | undefined;
  /** Run the print queue's worker in this process (the service and the desk do; one-shot CLI commands do not). */
  printQueue?: boolean;
  /** Told when the store is upgraded at open, before the (possibly long) work starts. */
  onUpgrade?: (message: string) => void;
  /** Where failures are written (default: JSON lines on stderr). */
  logger?: Logger;
  /**
   * Check every answer against its operation's output schema (a mismatch is a logged 500). Tests turn it on
   * (`STATION_VERIFY_OUTPUT=1`) so that the OpenAPI document, made from the same schemas, cannot drift from what is sent.
   */
  verifyOutput?: boolean;
  /**
   * Hands the services to a test that must look behind the door (a worker's state, a store the API does not show).
   * No adapter uses it: they reach the core through `execute` and the capabilities of `Core`.
   */
  exposeServicesForTests?: (services: Services) => void;
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
  /**
   * The request's `Idempotency-Key` (POST only, core/platform/idempotency/keys.ts): the same key and request again are
   * answered what the first was, without doing it again.
   */
  idempotencyKey?: string;
  /** Told when the answer (or the refusal thrown) is the one kept for the key, not the operation's doing now. */
  onReplay?: () => void;
}

/** What the `station` command prints with, in this process: one-off prints and its own jobs, followed. */
export interface LocalPrinting {
  /** `station print --to`: each label straight to a raw printer, no configuration, no queue. */
  printOnce(
    opts: { codes: string[]; driver: RawDriverName; connection: string; dpi: Dpi },
    onLabel?: (n: number) => void,
  ): Promise<void>;
  /** The one account all these codes belong to. */
  accountOfCodes(codes: string[]): Promise<number>;
  /** Prints this one job in this process (a running service may take it first) and follows it to its end. */
  runJob(accountId: number, jobId: number, onProgress?: (job: PrintJobT) => void): Promise<PrintJobT>;
}

/**
 * The service, whatever drives it (HTTP, Electron IPC, CLI). `execute` is the one door: check the permission,
 * validate the input against the operation's schemas, run the handler, and log any failure that is not the caller's.
 * Beside it only narrow capabilities that are no operation: who a bearer is, the token-free downloads and key set,
 * and what the `station` command does in its own process.
 */
export interface Core {
  log: Logger;
  /** The folder of generated files (and, on SQLite, of the store). */
  dataDir: string;
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
  /** The caller an Authorization header names, or 401. */
  authenticate(authorization: string | undefined): Promise<Principal>;
  /** The service clock, in ms (rate limits). */
  now(): number;
  /** The file behind a token-free download secret (404 when unknown or expired). */
  openDownload(secret: string): Promise<string>;
  /** The label QR key set every station of this store publishes. */
  jwks(): Promise<{ keys: PublicJwk[] }>;
  /** A consistent copy of the store in `file` (SQLite's online backup); resolves to the pages copied. */
  backup(file: string): Promise<number>;
  printing: LocalPrinting;
  /** Lets the labels in flight finish (bounded) and stops the print queue: before `close` on a clean shutdown. */
  drain(): Promise<void>;
  /**
   * Readies the long-running service for its first requests, a step at a time between them: every operation's
   * validators compiled, a drawing worker started with its fonts loaded.
   */
  warm(): Promise<void>;
  close(): Promise<void>;
}

export { STORAGE_FULL_RETRY_S } from '../shared/errors.js';
/** The desktop app names the better-sqlite3 addon built for Electron before it opens a store. */
export { useSqliteAddon } from '../engines/sqlite/sqlite.js';

/** A 500 says only that it happened and under which id the log has the cause. */
export function internalError(requestId: string): DomainError {
  return new DomainError('internal', `an internal error occurred; it is logged under request id ${requestId}`, {
    extra: { request_id: requestId },
  });
}

export async function createCore({
  dataDir,
  store,
  site,
  clock = systemClock,
  env = process.env,
  printQueue = true,
  onUpgrade,
  logger,
  verifyOutput = env.STATION_VERIFY_OUTPUT === '1',
  exposeServicesForTests,
}: CoreOptions): Promise<Core> {
  const log = logger ?? stderrLogger();
  // The long-running service (the one with the queue) opens the store as the service: on SQLite a second one
  // refuses to start, and `station restore` refuses while either runs (core/engines/sqlite/lock.ts).
  const engine: Engine = await openEngine({
    store,
    dataDir,
    clock,
    env,
    service: printQueue,
    ...(onUpgrade ? { onUpgrade } : {}),
  });
  const activity = createRequestActivity();
  const keys = createIdempotency({ engine, clock, log });
  let services: Services;
  try {
    services = await createServices({
      activity,
      engine: keys.engine,
      clock,
      dataDir,
      env,
      ...(site ? { site } : {}),
      onError: (err, where) =>
        isStorageFull(err)
          ? log.warn(
              { err },
              `${where}: the disk is full; ${where === 'webhooks' ? 'the deliveries' : 'the jobs'} wait`,
            )
          : log.error({ err }, `${where}: the store failed under ${where === 'webhooks' ? 'a delivery' : 'a job'}`),
    });
  } catch (e) {
    await engine.close();
    throw e;
  }
  exposeServicesForTests?.(services);
  const { printing } = services;
  if (printQueue) printing.queue.start();
  // The same process sends the webhooks' deliveries (a command's writes are sent by the running service).
  if (printQueue) services.deliveries.start();
  // The long-running service (the one with the queue) runs the engine's background work too (indexing, backups).
  const background = printQueue
    ? engine.background(
        (err) =>
          // A full disk is not a bug: the shipments are indexed (and the copy made) once space returns.
          isStorageFull(err)
            ? log.warn({ err }, 'store background work waits: the disk is full')
            : log.error({ err }, 'store background work failed'),
        () => activity.lastBegan(),
        // Said where an upgrade is said: a store's first start may count its search totals for minutes.
        (msg) => (onUpgrade ? onUpgrade(msg) : log.info(msg)),
      )
    : null;

  // Each handler is handed the services its feature declared, picked once.
  const handed = new Map([...operationsByName.values()].map((op) => [op, servicesFor(op, services)]));

  function operation(name: string): Operation<Services> {
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
    activity.began();
    authorize(principal, op);
    if (opts.idempotencyKey === undefined) return perform(op, raw, principal, opts);
    const { idempotencyKey: key, onReplay } = opts;
    return keys.run({ op, principal, key, raw, ...(onReplay ? { onReplay } : {}) }, () =>
      perform(op, raw, principal, opts),
    );
  }

  /** Validates the input and runs the operation's handler. */
  async function perform(
    op: Operation<Services>,
    raw: RawInput,
    principal: Principal,
    opts: ExecuteOptions,
  ): Promise<unknown> {
    const name = op.name;
    // A query parameter the operation does not list is refused, also where it lists none (docs/api.md).
    if (!op.input.query && raw.query !== undefined) parse(NO_QUERY, raw.query);
    // Path parameters and query strings arrive as text (from HTTP or the CLI): coerced to their schemas' numbers.
    const input = {
      ...(op.input.params ? { params: parse(op.input.params, raw.params, { coerce: true }) } : {}),
      ...(op.input.query ? { query: parse(op.input.query, raw.query, { coerce: true }) } : {}),
      ...(op.input.body ? { body: parse(op.input.body, raw.body) } : {}),
    };
    let result: unknown;
    try {
      result = await op.handler({ principal, services: handed.get(op)!, baseUrl: opts.baseUrl ?? null, log }, input);
    } catch (e) {
      if (e instanceof DomainError) throw e;
      if (isStorageFull(e)) {
        log.warn({ err: e, op: name }, 'a write failed: the disk is full');
        throw storageFull(e);
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

  let closed: Promise<void> | null = null;
  return {
    log,
    dataDir,
    operation,
    authorize,
    warm,
    execute,
    authenticate: (authorization) => services.auth.authenticate(authorization),
    now: () => clock.now().getTime(),
    openDownload: (secret) => services.labels.openDownload(secret),
    jwks: () => services.qr.jwks(),
    backup: (file) => engine.backup(file),
    printing: {
      printOnce: (opts, onLabel) => printing.printOnce(opts, onLabel),
      accountOfCodes: (codes) => printing.accountOfCodes(codes),
      runJob(accountId, jobId, onProgress) {
        printing.queue.start({ only: jobId });
        return printing.waitForJob(accountId, jobId, onProgress);
      },
    },
    drain: () => printing.queue.drain(),
    close: () =>
      (closed ??= (async () => {
        await printing.queue.stop();
        await services.deliveries.stop();
        services.scale.stop();
        background?.stop();
        await engine.close();
        // Workers end on their own time; a command's process exits once they have.
        void services.render.close();
      })()),
  };
}

export type { Principal } from '../platform/operations/principal.js';
