import type { Static, TSchema } from '@sinclair/typebox';
import type { Permission } from '../schemas/codes.js';
import type { Services } from '../services.js';

/** Who is calling: one account, with the permissions of the token (or of the local desk session). */
export interface Principal {
  accountId: number;
  permissions: ReadonlySet<Permission>;
  tokenId: number | null;
}

export interface InputSchemas {
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
}

type Part<S, K extends keyof InputSchemas> = S extends { [P in K]: infer T extends TSchema } ? Static<T> : undefined;

export interface OperationInput<S extends InputSchemas> {
  params: Part<S, 'params'>;
  query: Part<S, 'query'>;
  body: Part<S, 'body'>;
}

export interface OperationContext {
  principal: Principal;
  services: Services;
  /** `{base_url}` as the caller reached it (e.g. http://127.0.0.1:8787/v1), for links such as label urls. */
  baseUrl: string | null;
}

/**
 * One row of the operation table: the only place where the service's behaviour is defined. HTTP routes,
 * IPC handlers and CLI commands look operations up by name and never add domain logic of their own.
 */
export interface Operation<S extends InputSchemas = InputSchemas, O extends TSchema = TSchema> {
  name: string;
  summary: string;
  description?: string;
  tags: string[];
  permission: Permission;
  input: S;
  output: O;
  /** Status code of a successful answer over HTTP; 200 when absent. */
  successStatus?: number;
  handler(ctx: OperationContext, input: OperationInput<S>): Static<O> | Promise<Static<O>>;
}

/** Keeps the literal types of an operation while checking it against the table's shape. */
export function defineOperation<S extends InputSchemas, O extends TSchema>(op: Operation<S, O>): Operation<S, O> {
  return op;
}

// The table holds operations of many shapes; adapters only need the erased form.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOperation = Operation<any, any>;
