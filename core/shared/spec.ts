import type { Static, TSchema } from '@sinclair/typebox';
import type { Permission } from './schemas/codes.js';

/**
 * What an operation is, without how it runs: its route, permission and schemas. Specs are node-free so that the
 * typed client (core/shared/client) and through it the renderer can be derived from the same table the service runs.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * `owner`: the station's owner at this machine (the `station` command), never a token. Such operations have no HTTP
 * route and no token can be granted the right to them.
 */
export type Requirement = Permission | 'owner';

export interface InputSchemas {
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
}

export interface OperationSpec<S extends InputSchemas = InputSchemas, O extends TSchema = TSchema> {
  summary: string;
  description?: string;
  tags: string[];
  permission: Requirement;
  /** Where it answers under `{base_url}` (Fastify's `:param` syntax); null for owner-only operations. */
  http: { method: HttpMethod; path: string } | null;
  input: S;
  output: O;
  /** Status code of a successful answer over HTTP; 200 when absent. */
  successStatus?: number;
  /** Refusals whose problem details carry more than `Problem` (409 `duplicate_ref`'s `existing`), by status. */
  problems?: Record<number, TSchema>;
  /** The largest request this operation takes (body over HTTP, input over IPC), when larger than the usual 1 MiB. */
  maxBodyBytes?: number;
}

// Specs of many shapes live in one table; only the typed helpers below look inside.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySpec = OperationSpec<any, any>;

/** Keeps each spec's literal types while checking it against the shape. */
export function defineSpecs<T extends Record<string, AnySpec>>(specs: T): T {
  return specs;
}

type Parts<Spec extends AnySpec> = keyof Spec['input'] & keyof InputSchemas;
type PartOf<Spec extends AnySpec, K extends Parts<Spec>> = Spec['input'][K] extends TSchema
  ? Static<Spec['input'][K]>
  : never;
/** Parts with no required member (a search's query) may be left out by a caller. */
type OmittableParts<Spec extends AnySpec> = {
  [K in Parts<Spec>]: object extends PartOf<Spec, K> ? K : never;
}[Parts<Spec>];

/** The validated input a handler gets: one member per part the spec declares (params, query, body). */
export type InputOf<Spec extends AnySpec> = { [K in Parts<Spec>]: PartOf<Spec, K> };

/** What a caller passes: the same, where a part with nothing required may be left out. */
export type CallInputOf<Spec extends AnySpec> = {
  [K in Exclude<Parts<Spec>, OmittableParts<Spec>>]: PartOf<Spec, K>;
} & {
  [K in OmittableParts<Spec>]?: PartOf<Spec, K>;
};

export type OutputOf<Spec extends AnySpec> = Static<Spec['output']>;
