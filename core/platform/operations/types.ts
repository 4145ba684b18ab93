import type { Principal } from './principal.js';
import type { Logger } from '../logger.js';
import type { Services } from '../../app/services.js';
import type { AnySpec, InputOf, OperationSpec, OutputOf } from '../../shared/spec.js';

export interface OperationContext {
  principal: Principal;
  services: Services;
  /** `{base_url}` of the adapter the caller came through, for links such as label urls; null gives bare paths. */
  baseUrl: string | null;
  log: Logger;
}

export type Handler<Spec extends AnySpec> = (
  ctx: OperationContext,
  input: InputOf<Spec>,
) => OutputOf<Spec> | Promise<OutputOf<Spec>>;

/**
 * One row of the operation table: a spec with its name and handler. This is the only place where the service's
 * behaviour is bound; HTTP routes, IPC and CLI commands reach it through `core.execute` and add no rules of their own.
 */
export interface Operation extends OperationSpec {
  name: string;
  handler(ctx: OperationContext, input: Record<string, unknown>): unknown;
}

/** Binds a feature's handlers to its specs; the compiler checks that every spec has one, typed by its schemas. */
export function implement<A extends Record<string, AnySpec>>(
  specs: A,
  handlers: { [K in keyof A]: Handler<A[K]> },
): Operation[] {
  return Object.entries(specs).map(([name, spec]) => ({
    ...spec,
    name,
    handler: handlers[name] as Operation['handler'],
  }));
}
