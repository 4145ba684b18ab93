import type { TSchema } from '@sinclair/typebox';

/**
 * The member that names a schema. The validator ignores it; the OpenAPI document (core/adapters/http/openapi.ts) lifts each
 * named schema into `#/components/schemas/<name>` and references it wherever it is used, so that a generated client
 * has a type per resource. Not `$id`: ajv refuses a schema whose `$id` appears twice in one document (a Party is
 * both origin and destination).
 */
export const COMPONENT = 'x-component';

const registry = new Map<string, TSchema>();

/** Names `schema` for the document; the schema validates and types exactly as before. */
export function named<T extends TSchema>(name: string, schema: T): T {
  if (registry.has(name)) throw new Error(`two schemas are named ${name}`);
  const marked = { ...schema, [COMPONENT]: name };
  registry.set(name, marked);
  return marked;
}

/** A named schema as one use describes it: the same component, with this use's description beside its `$ref`. */
export function described<T extends TSchema>(schema: T, description: string): T {
  return { ...schema, description };
}

/** Every named schema by name, as named (the document's components). */
export const namedSchemas = (): ReadonlyMap<string, TSchema> => registry;
