import { Ajv, type ErrorObject, type ValidateFunction, type Vocabulary } from 'ajv';
import addFormatsModule from 'ajv-formats';
import nextKeywordsModule from 'ajv/dist/vocabularies/next.js';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { fieldError, validationError, type FieldError } from './errors.js';

// ajv-formats is CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = (addFormatsModule as unknown as { default: (ajv: Ajv, formats: string[]) => Ajv }).default;
// A CommonJS module with an ES default: Node wraps it, bundlers and vitest unwrap it.
const nextModule = nextKeywordsModule as unknown as Vocabulary | { default: Vocabulary };
/** The 2019-09 keywords (dependentRequired, …) that ajv's draft-07 class leaves out, for `ajv.addVocabulary`. */
export const nextKeywords = Array.isArray(nextModule) ? nextModule : nextModule.default;

/**
 * One ajv per input kind. Bodies are JSON and keep their types; query strings (from HTTP or the CLI) arrive as
 * text and are coerced to the schema's number/integer/boolean types.
 */
function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, verbose: true, coerceTypes: coerce ? 'array' : false });
  // The 2019-09 keywords a rule across fields uses (dependentRequired), beside draft-07's if/then/else. Unknown to
  // the draft-07 class, and so silently ignored (strict: false), without this.
  ajv.addVocabulary(nextKeywords);
  addFormats(ajv, ['email', 'date', 'date-time', 'uri']);
  return ajv;
}

const bodyAjv = makeAjv(false);
const queryAjv = makeAjv(true);
const cache = new WeakMap<TSchema, ValidateFunction>();
const queryCache = new WeakMap<TSchema, ValidateFunction>();

/** Schemas may carry `x-error`: the message a person reads when the value breaks the schema's pattern or range. */
function messageOf(e: ErrorObject): { path: string; message: string } {
  const custom: unknown = e.parentSchema?.['x-error'];
  switch (e.keyword) {
    case 'required':
      // A rule across fields (`then: { required: […] }`) says why the member is required.
      return {
        path: `${e.instancePath}/${(e.params as { missingProperty: string }).missingProperty}`,
        message: typeof custom === 'string' ? custom : 'is required',
      };
    case 'dependentRequired': {
      const { property, missingProperty } = e.params as { property: string; missingProperty: string };
      return { path: `${e.instancePath}/${missingProperty}`, message: `is required with ${property}` };
    }
    case 'additionalProperties':
      return {
        path: `${e.instancePath}/${(e.params as { additionalProperty: string }).additionalProperty}`,
        message: 'is not allowed',
      };
    case 'enum':
      return {
        path: e.instancePath,
        message:
          typeof custom === 'string'
            ? custom
            : `must be one of ${((e.params as { allowedValues: unknown[] }).allowedValues ?? []).join(', ')}`,
      };
    case 'const':
      return {
        path: e.instancePath,
        message:
          typeof custom === 'string'
            ? custom
            : `must be ${String((e.params as { allowedValue: unknown }).allowedValue)}`,
      };
    case 'type':
      return { path: e.instancePath, message: e.message ?? 'has the wrong type' };
    default:
      return { path: e.instancePath, message: typeof custom === 'string' ? custom : (e.message ?? 'is invalid') };
  }
}

const isUnion = (e: ErrorObject) => e.keyword === 'anyOf' || e.keyword === 'oneOf';

function toFieldErrors(errors: ErrorObject[] | null | undefined): FieldError[] {
  // A union with a message of its own (`x-error`) speaks for the branches it holds, which each report their failure.
  const unions = new Map<string, string>();
  for (const e of errors ?? []) {
    const custom: unknown = e.parentSchema?.['x-error'];
    if (isUnion(e) && typeof custom === 'string') unions.set(e.instancePath, custom);
  }
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const e of errors ?? []) {
    // A union reports each failed branch; the person needs the field once.
    if (isUnion(e) || e.keyword === 'if') continue;
    const union = unions.get(e.instancePath);
    const fe = union === undefined ? messageOf(e) : { path: e.instancePath, message: union };
    if (seen.has(fe.path)) continue;
    seen.add(fe.path);
    out.push(fe);
  }
  return out;
}

/** The query of an operation that takes none: any parameter is refused, as an operation refuses one it does not list. */
export const NO_QUERY = Type.Object({}, { additionalProperties: false });

/**
 * How deep a JSON value may nest. The deepest schema is a handful of levels; the bound keeps every walk over input
 * (trimming here, ajv after it) far from the stack's end, so that a body nested thousands deep is a 400, not a 500.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Trims every string, deeply, so that " ACME " and "ACME" are the same ref and blank means missing. `at` is the
 * value's pointer, made only for the error: every request passes through here, and most never need it.
 */
export function trimStrings<T>(value: T, at: () => string = () => '', depth = 0): T {
  if (typeof value === 'string') return value.trim() as T;
  if (!value || typeof value !== 'object') return value;
  if (depth >= MAX_JSON_DEPTH) throw fieldError(at(), `nests deeper than ${MAX_JSON_DEPTH} levels`);
  if (Array.isArray(value))
    return (value as unknown[]).map((v, i) => trimStrings(v, () => `${at()}/${i}`, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    const v = trimStrings(
      (value as Record<string, unknown>)[k],
      () => `${at()}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`,
      depth + 1,
    );
    // A JSON member named "__proto__" must stay data (and be rejected as unknown), not set the prototype.
    if (k === '__proto__')
      Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    else out[k] = v;
  }
  return out as T;
}

function compile(schema: TSchema, coerce: boolean): ValidateFunction {
  const c = coerce ? queryCache : cache;
  let fn = c.get(schema);
  if (!fn) {
    fn = (coerce ? queryAjv : bodyAjv).compile(schema);
    c.set(schema, fn);
  }
  return fn;
}

/**
 * Compiles the validator of `schema` now rather than at its first request: ajv compiles a large schema in tens
 * of milliseconds, which the first create or label of the day would otherwise spend on the service's thread.
 */
export function prepareValidator(schema: TSchema, coerce = false): void {
  compile(schema, coerce);
}

/**
 * Validates (and for queries, coerces) a value against a TypeBox schema and returns it typed, or throws
 * `validation_failed` naming every offending field with a JSON pointer relative to the value.
 */
export function parse<S extends TSchema>(
  schema: S,
  value: unknown,
  opts: { coerce?: boolean; prefix?: string } = {},
): Static<S> {
  const prefix = opts.prefix ?? '';
  const copy = trimStrings(value ?? (schema.type === 'object' ? {} : value), () => prefix);
  const fn = compile(schema, opts.coerce ?? false);
  if (!fn(copy)) {
    const errors = toFieldErrors(fn.errors);
    throw validationError(errors.map((e) => ({ ...e, path: `${opts.prefix ?? ''}${e.path}` })));
  }
  return copy;
}

/**
 * What in `value` (an answer about to be sent) breaks `schema`, as it would reach a client: JSON, so members that
 * are undefined are absent. Empty when it conforms.
 */
export function mismatches(schema: TSchema, value: unknown): FieldError[] {
  const fn = compile(schema, false);
  return fn(value === undefined ? undefined : JSON.parse(JSON.stringify(value))) ? [] : toFieldErrors(fn.errors);
}
