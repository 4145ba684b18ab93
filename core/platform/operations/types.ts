import type { Principal } from './principal.js';
import type { Logger } from '../logger.js';
import type { AnySpec, InputOf, OperationSpec, OutputOf } from '../../shared/spec.js';

/**
 * What a handler is given: who calls, the services its feature declared (`uses`) and no others, and where the caller
 * came from. A feature names the services it uses by type, so it depends on those and not on the composition root.
 */
export interface OperationContext<S = unknown> {
  principal: Principal;
  services: S;
  /** `{base_url}` of the adapter the caller came through, for links such as label urls; null gives bare paths. */
  baseUrl: string | null;
  log: Logger;
}

export type Handler<Spec extends AnySpec, S> = (
  ctx: OperationContext<S>,
  input: InputOf<Spec>,
) => OutputOf<Spec> | Promise<OutputOf<Spec>>;

/** The services a feature's operations use, by their names in the composition root; `S` types them. */
export interface Uses<S> {
  readonly names: readonly (keyof S & string)[];
  /** Carries `S` to `implement`; never read. */
  readonly of?: S;
}

/**
 * Declares what a feature's handlers use: each member of `S` named once (the compiler refuses one missing or one too
 * many), so that the list the composition root hands over and the type the handlers see cannot differ.
 */
export function uses<S>(names: { [K in keyof S]-?: true }): Uses<S> {
  return { names: Object.keys(names) as (keyof S & string)[] };
}

/**
 * One row of the operation table: a spec with its name and handler. This is the only place where the service's
 * behaviour is bound; HTTP routes, IPC and CLI commands reach it through `core.execute` and add no rules of their own.
 */
export interface Operation<S = never> extends OperationSpec {
  name: string;
  /** The services the handler is handed (`uses`); the composition root gives it these and no others. */
  uses: readonly string[];
  // A property, not a method: the operation table's type then checks that the services it holds are what each
  // handler expects (a method's parameters would be compared both ways and let a wrong service through).
  handler: (ctx: OperationContext<S>, input: Record<string, unknown>) => unknown;
}

/** Binds a feature's handlers to its specs; the compiler checks that every spec has one, typed by its schemas. */
export function implement<A extends Record<string, AnySpec>, S>(
  specs: A,
  used: Uses<S>,
  handlers: { [K in keyof A]: Handler<A[K], S> },
): Operation<S>[] {
  return Object.entries(specs).map(([name, spec]) => ({
    ...spec,
    name,
    uses: used.names,
    handler: handlers[name] as Operation<S>['handler'],
  }));
}
