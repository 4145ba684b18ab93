import { Ajv, type ErrorObject, type SchemaValidateFunction, type ValidateFunction, type Vocabulary } from 'ajv';
import addFormatsModule from 'ajv-formats';
import nextKeywordsModule from 'ajv/dist/vocabularies/next.js';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  fieldError,
  validationError,
  type FieldError,
  type FieldErrorCode,
  type FieldErrorParams,
} from '../shared/errors.js';
import { badCharacter, TEXT_KEYWORD, TEXT_KINDS, type TextKind } from '../shared/schemas/text.js';

// ajv-formats is CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = (addFormatsModule as unknown as { default: (ajv: Ajv, formats: string[]) => Ajv }).default;
// A CommonJS module with an ES default: Node wraps it, bundlers and vitest unwrap it.
const nextModule = nextKeywordsModule as unknown as Vocabulary | { default: Vocabulary };
/** The 2019-09 keywords (dependentRequired, …) that ajv's draft-07 class leaves out, for `ajv.addVocabulary`. */
export const nextKeywords = Array.isArray(nextModule) ? nextModule : nextModule.default;

/**
 * An e-mail address as RFC 6531 writes it (`julián@ejemplo.com.ar`), JSON Schema's `idn-email`, which ajv-formats
 * lacks: its `email` pattern with letters, marks and digits of any script besides ASCII's, in the local part and in
 * the domain's labels.
 */
const LETTER = `\\p{L}\\p{M}\\p{N}`;
const ATOM = `[${LETTER}!#$%&'*+/=?^_\`{|}~-]+`;
const LABEL = `[${LETTER}](?:[${LETTER}-]*[${LETTER}])?`;
const IDN_EMAIL = new RegExp(`^${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+${LABEL}$`, 'u');

/** The text rule (schemas/text.ts) as ajv's keyword: the first character the string's kind does not take. */
const checkText: SchemaValidateFunction = (kind: TextKind, data: string) => {
  const bad = badCharacter(data, kind);
  if (bad) checkText.errors = [{ keyword: TEXT_KEYWORD, message: bad.message, params: { character: bad.character } }];
  return !bad;
};

/**
 * One ajv per input kind. Bodies are JSON and keep their types; query strings (from HTTP or the CLI) arrive as
 * text and are coerced to the schema's number/integer/boolean types.
 */
function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, verbose: true, coerceTypes: coerce ? 'array' : false });
  // The 2019-09 keywords a rule across fields uses (dependentRequired), beside draft-07's if/then/else. Unknown to
  // the draft-07 class, and so silently ignored (strict: false), without this.
  ajv.addVocabulary(nextKeywords);
  addFormats(ajv, ['date', 'date-time', 'uri']);
  ajv.addFormat('idn-email', IDN_EMAIL);
  ajv.addKeyword({
    keyword: TEXT_KEYWORD,
    type: 'string',
    schemaType: 'string',
    metaSchema: { enum: [...TEXT_KINDS] },
    // First among a string's keywords: a field is named once, and a bad character is what to fix first.
    before: 'maxLength',
    errors: true,
    validate: checkText,
  });
  return ajv;
}

const bodyAjv = makeAjv(false);
const queryAjv = makeAjv(true);
/** Validators by what they check: a body, a query (both input, under the text rule), an answer about to be sent. */
type Checked = 'body' | 'query' | 'answer';
const caches: Record<Checked, WeakMap<TSchema, ValidateFunction>> = {
  body: new WeakMap(),
  query: new WeakMap(),
  answer: new WeakMap(),
};

/** Members of a schema that hold values, not schemas: no string in them is a field. */
const DATA_MEMBERS = new Set(['examples', 'default', 'enum', 'const']);

/**
 * `schema` with the text rule (schemas/text.ts) on each of its strings: a string schema that names no kind of text
 * is one line. Made here, once per schema, so that no field of any operation can go without it. Answers are checked
 * without it: rows stored before the rule must still be readable.
 */
function withTextRule<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(withTextRule) as T;
  if (!schema || typeof schema !== 'object') return schema;
  const node = schema as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k in node) out[k] = DATA_MEMBERS.has(k) || k.startsWith('x-') ? node[k] : withTextRule(node[k]);
  const type = node.type;
  if ((type === 'string' || (Array.isArray(type) && type.includes('string'))) && !(TEXT_KEYWORD in node))
    out[TEXT_KEYWORD] = 'line' satisfies TextKind;
  return out as T;
}

/** ajv's keywords that name a limit, and the field error code each becomes. */
const LIMITS: Record<string, FieldErrorCode> = {
  minLength: 'min_length',
  maxLength: 'max_length',
  minItems: 'min_items',
  maxItems: 'max_items',
  minimum: 'minimum',
  exclusiveMinimum: 'exclusive_minimum',
  maximum: 'maximum',
  exclusiveMaximum: 'exclusive_maximum',
};

/**
 * What a schema says of itself for a person: `x-error`, the message; `x-format`, what the value is; `x-with`, the
 * other field whose value makes a rule across fields apply (`method=PICKUP`).
 */
function annotations(schema: unknown): {
  custom: string | undefined;
  named: string | undefined;
  when: string | undefined;
} {
  const s = schema as Record<string, unknown> | undefined;
  const text = (k: string) => (typeof s?.[k] === 'string' ? s[k] : undefined);
  return { custom: text('x-error'), named: text('x-format'), when: text('x-with') };
}

/**
 * One ajv error as the field error a client reads. Schemas may carry `x-error`, the message a person reads when the
 * value breaks the schema's pattern, range or a rule across fields, and `x-format`, what the value is (phone,
 * country, …): a value that is not one is a `format` error naming it, whichever keyword (pattern, enum, format) caught
 * it.
 */
function fieldErrorOf(e: ErrorObject): FieldError {
  const { custom, named, when } = annotations(e.parentSchema);
  const params = e.params as Record<string, unknown>;
  const at = (message: string, code: FieldErrorCode, p?: FieldErrorParams, path = e.instancePath): FieldError => ({
    path,
    message: custom ?? message,
    code,
    ...(p ? { params: p } : {}),
  });
  switch (e.keyword) {
    case 'required':
      // A rule across fields (`then: { required: […] }`) says why the member is required.
      return at(
        'is required',
        'required',
        when ? { with: when } : undefined,
        `${e.instancePath}/${params.missingProperty as string}`,
      );
    case 'dependentRequired': {
      const property = params.property as string;
      return at(
        `is required with ${property}`,
        'required',
        { with: property },
        `${e.instancePath}/${params.missingProperty as string}`,
      );
    }
    case 'additionalProperties':
      return {
        path: `${e.instancePath}/${params.additionalProperty as string}`,
        message: 'is not allowed',
        code: 'not_allowed',
      };
    case 'not':
      // `not: {}`: a member the other fields rule out.
      return at('is not allowed', 'not_allowed', when ? { only_with: when } : undefined);
    case 'enum': {
      const allowed = (params.allowedValues as (string | number)[] | undefined) ?? [];
      const message = `must be one of ${allowed.join(', ')}`;
      return named ? at(message, 'format', { format: named }) : at(message, 'enum', { allowed });
    }
    case 'const':
      return at(`must be ${String(params.allowedValue)}`, 'const', {
        value: params.allowedValue as string | number | boolean,
        ...(when ? { with: when } : {}),
      });
    case 'type':
      return {
        path: e.instancePath,
        message: e.message ?? 'has the wrong type',
        code: 'type',
        params: { type: String(params.type) },
      };
    case 'format':
      return at(e.message ?? 'is invalid', 'format', { format: named ?? String(params.format) });
    case 'pattern':
      return named
        ? at(e.message ?? 'is invalid', 'format', { format: named })
        : at(e.message ?? 'is invalid', 'pattern', { pattern: String(params.pattern) });
    case TEXT_KEYWORD:
      // The field's own `x-error` speaks of its length or form, not of the character found.
      return {
        path: e.instancePath,
        message: e.message ?? 'holds a character it does not take',
        code: 'character',
        params: { character: String(params.character) },
      };
    case 'uniqueItems':
      return at(e.message ?? 'has a duplicate', 'duplicate', { first: params.j as number });
    default: {
      const limit = LIMITS[e.keyword];
      return limit
        ? at(e.message ?? 'is invalid', limit, { limit: params.limit as number })
        : at(e.message ?? 'is invalid', 'invalid');
    }
  }
}

const isUnion = (e: ErrorObject) => e.keyword === 'anyOf' || e.keyword === 'oneOf';

function toFieldErrors(errors: ErrorObject[] | null | undefined): FieldError[] {
  // A union with a message of its own (`x-error`) speaks for the branches it holds, which each report their failure.
  const unions = new Map<string, FieldError>();
  for (const e of errors ?? []) {
    const { custom, named } = annotations(e.parentSchema);
    if (isUnion(e) && custom !== undefined)
      unions.set(e.instancePath, {
        path: e.instancePath,
        message: custom,
        ...(named ? { code: 'format', params: { format: named } } : { code: 'invalid' }),
      });
  }
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const e of errors ?? []) {
    // A union reports each failed branch; the person needs the field once.
    if (isUnion(e) || e.keyword === 'if') continue;
    const union = unions.get(e.instancePath);
    const fe = union ?? fieldErrorOf(e);
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
  if (depth >= MAX_JSON_DEPTH)
    throw fieldError(at(), 'too_deep', `nests deeper than ${MAX_JSON_DEPTH} levels`, { limit: MAX_JSON_DEPTH });
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

function compile(schema: TSchema, checked: Checked): ValidateFunction {
  const c = caches[checked];
  let fn = c.get(schema);
  if (!fn) {
    const ajv = checked === 'query' ? queryAjv : bodyAjv;
    fn = ajv.compile(checked === 'answer' ? schema : withTextRule(schema));
    c.set(schema, fn);
  }
  return fn;
}

/**
 * Compiles the validator of `schema` now rather than at its first request: ajv compiles a large schema in tens
 * of milliseconds, which the first create or label of the day would otherwise spend on the service's thread.
 */
export function prepareValidator(schema: TSchema, coerce = false): void {
  compile(schema, coerce ? 'query' : 'body');
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
  const fn = compile(schema, opts.coerce ? 'query' : 'body');
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
  const fn = compile(schema, 'answer');
  return fn(value === undefined ? undefined : JSON.parse(JSON.stringify(value))) ? [] : toFieldErrors(fn.errors);
}
