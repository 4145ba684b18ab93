import { join } from 'node:path';
import { systemClock, type Clock } from './clock.js';
import { DomainError } from './errors.js';
import { operationsByName } from './operations/registry.js';
import type { AnyOperation, OperationInput, Principal } from './operations/types.js';
import { DB_FILE } from './paths.js';
import { createServices, type Services } from './services.js';
import { openDb, type UpgradeNotice } from './store/db.js';
import { parse } from './validation.js';

export interface CoreOptions {
  dataDir: string;
  clock?: Clock;
  env?: Record<string, string | undefined>;
  /** Run the print queue's worker in this process (the service and the desk do; one-shot CLI commands do not). */
  printQueue?: boolean;
  /** Told when the store is upgraded at open, before the (possibly long) work starts. */
  onUpgrade?: UpgradeNotice;
}

export interface RawInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

/**
 * The service, whatever drives it (HTTP, Electron IPC, CLI): authenticate, check the permission, validate
 * the input against the operation's schemas, run the handler.
 */
export interface Core {
  services: Services;
  operation(name: string): AnyOperation;
  /** Fails with `forbidden` naming the permission the caller lacks. */
  authorize(principal: Principal, op: AnyOperation): void;
  execute(name: string, principal: Principal, input: RawInput, opts?: { baseUrl?: string }): Promise<unknown>;
  close(): void;
}

export function createCore({ dataDir, clock = systemClock, env = process.env, printQueue = true, onUpgrade }: CoreOptions): Core {
  const db = openDb(join(dataDir, DB_FILE), undefined, onUpgrade);
  const services = createServices({ db, clock, dataDir, env });
  if (printQueue) services.printing.queue.start();

  function operation(name: string): AnyOperation {
    const op = operationsByName.get(name);
    if (!op) throw new DomainError('not_found', `no operation ${name}`);
    return op;
  }

  function authorize(principal: Principal, op: AnyOperation): void {
    if (!principal.permissions.has(op.permission))
      throw new DomainError('forbidden', `this token lacks the permission ${op.permission}`, {
        extra: { permission: op.permission },
      });
  }

  return {
    services,
    operation,
    authorize,
    async execute(name, principal, raw, opts = {}) {
      const op = operation(name);
      authorize(principal, op);
      const input: OperationInput<Record<string, never>> = {
        params: op.input.params ? parse(op.input.params, raw.params) : undefined,
        query: op.input.query ? parse(op.input.query, raw.query, { coerce: true }) : undefined,
        body: op.input.body ? parse(op.input.body, raw.body) : undefined,
      } as never;
      return op.handler({ principal, services, baseUrl: opts.baseUrl ?? null }, input);
    },
    close: () => {
      services.printing.queue.stop();
      db.close();
    },
  };
}

export type { Principal } from './operations/types.js';
