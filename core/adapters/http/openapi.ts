import { STATUS_CODES } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { errorStatus } from '../../shared/errors.js';
import { Problem } from '../../platform/schemas/common.js';
import { COMPONENT, namedSchemas } from '../../shared/schemas/named.js';
import { describeLimits } from './limits.js';

export const API_PREFIX = '/v1';

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);
const PROBLEM = 'application/problem+json';
const problemContent = { [PROBLEM]: { schema: { $ref: '#/components/schemas/Problem' } } };
const header = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** Response headers the service sends, documented once and referenced from every answer that carries them. */
const headers = {
  RateLimit: {
    description:
      'Where the caller stands in the rate-limit policy (draft-ietf-httpapi-ratelimit-headers): `r` requests left, `t` seconds until the allowance is full again. Sent on every answer while the limit is on.',
    schema: { type: 'string', examples: ['"per-token";r=1199;t=1'] },
  },
  'RateLimit-Policy': {
    description:
      'The rate-limit policy: `q` requests per window of `w` seconds, per token (or per address without a valid token).',
    schema: { type: 'string', examples: ['"per-token";q=1200;w=60'] },
  },
  'X-Request-Id': {
    description: 'Names the request in the station’s log; a 5xx answer quotes it as `request_id`',
    schema: { type: 'string', format: 'uuid' },
  },
  'Retry-After': { description: 'Seconds to wait before the next request', schema: { type: 'integer', minimum: 1 } },
  'WWW-Authenticate': {
    description: 'The authentication scheme: `Bearer`',
    schema: { type: 'string', examples: ['Bearer'] },
  },
  Location: { description: 'Path of the created resource, relative to the host', schema: { type: 'string' } },
  Allow: { description: 'The methods the path accepts', schema: { type: 'string' } },
  ETag: {
    description:
      'A weak validator of the answer’s data (`W/"…"`): the same data gives the same tag whether it leaves plain, gzip or br. ' +
      'Send it back in `If-None-Match` to be answered `304` while nothing changed.',
    schema: { type: 'string', examples: ['W/"3q2-7g5Xx0N1c4b8dQ"'] },
  },
  'Idempotent-Replayed': {
    description:
      '`true` on an answer sent again for an `Idempotency-Key`: the status and body the first request with that key was answered, the operation not done again',
    schema: { type: 'string', const: 'true' },
  },
  'Cache-Control': {
    description: '`private, no-cache` on reads: a client may keep the answer, and asks again with `If-None-Match`',
    schema: { type: 'string', examples: ['private, no-cache'] },
  },
};

const parameters = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'A key the client makes for this request (a UUID, say) so that it can be sent again safely after a timeout or a lost connection. ' +
      'For 24 hours the same key with the same request (path, query and body) is answered what the first was answered, status and body, with `Idempotent-Replayed: true`, and nothing is done again; ' +
      'with another request `422 idempotency_key_reused`; while the first is still being answered `409 idempotency_key_in_flight`. ' +
      'Keys are per account. Kept are the successes and the refusals of what the request asks (404, 409…); not kept are `400 validation_failed` and failures a retry may get past (409 in flight, 429, 5xx), so the same key may be sent again after them.',
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
  },
  IfNoneMatch: {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    description:
      'The `ETag` of the answer the client holds (or several, comma-separated): `304 Not Modified`, without a body, while it still matches (weak comparison)',
    schema: { type: 'string' },
  },
};

/** The tags of the operations, each declared with what it groups. */
const tags = [
  { name: 'Shipments', description: 'Create, read, search and cancel shipments; packages of multi-origin shipments' },
  { name: 'Tracking', description: 'The tracking history of a shipment, and recording its events' },
  { name: 'Quotes', description: 'Shipping methods, prices and delivery promises by destination and parcel' },
  { name: 'Offices', description: 'The pickup-office directory a PICKUP shipment is delivered to' },
  {
    name: 'Labels',
    description: 'Label PDFs, previews and the signed QR tokens they print, and the keys that verify them',
  },
  { name: 'Manifests', description: 'End-of-day collection manifests: the receipt the carrier’s driver signs' },
  { name: 'Printers', description: 'The printers of an account: configure, test, status, discovery' },
  { name: 'Print jobs', description: 'The durable print queue: progress, retry, cancel, reprint, move' },
  { name: 'Senders', description: 'The account’s senders, one of them the default of new shipments' },
  { name: 'Package presets', description: 'Saved box sizes, each with the desk’s hotkey' },
  { name: 'Credentials', description: 'Personal access tokens: list, create, revoke' },
  { name: 'Station', description: 'Station-wide settings, the rate card and the office directory' },
  {
    name: 'Order imports',
    description:
      'Store exports (Tiendanube, WooCommerce, Mercado Libre, VTEX, generic CSV) into shipments; saved mappings',
  },
  { name: 'Scale', description: 'The bench scale: its live weight, and finding one' },
  {
    name: 'Webhooks',
    description:
      'Signed messages (Standard Webhooks) to the account’s endpoints when shipments, labels, print jobs and manifests change; their deliveries',
  },
  { name: 'Document', description: 'This OpenAPI description' },
];

/** Members a use of a named schema may add beside its `$ref`: what it says of itself, never what it accepts. */
const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly']);

// The document is untyped JSON that this module reshapes; its shape is checked by the OpenAPI tests, not the compiler.
/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Lifts every named schema (core/shared/schemas/named.ts) out of the document into `components.schemas` and leaves a
 * `$ref` where it was used, with the annotations that use adds. A use that changes what the schema accepts is a
 * mistake of ours, and fails the document.
 */
function liftNamedSchemas(doc: Json): Json {
  const schemas: Json = {};
  const lift = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(lift);
    if (!node || typeof node !== 'object') return node;
    const n = node as Json;
    const name: unknown = n[COMPONENT];
    if (typeof name !== 'string') return Object.fromEntries(Object.entries(n).map(([k, v]) => [k, lift(v)]));
    const marked = namedSchemas().get(name);
    if (!marked) throw new Error(`no schema is named ${name}`);
    const base: Json = JSON.parse(JSON.stringify(marked));
    if (!(name in schemas)) {
      schemas[name] = null;
      const { [COMPONENT]: _, ...rest } = base;
      schemas[name] = lift(rest);
    }
    const use: Json = { $ref: `#/components/schemas/${name}` };
    for (const [k, v] of Object.entries(n)) {
      if (k === COMPONENT || isDeepStrictEqual(v, base[k])) continue;
      if (!ANNOTATIONS.has(k) && !k.startsWith('x-')) throw new Error(`a use of the schema ${name} changes its ${k}`);
      use[k] = lift(v);
    }
    return use;
  };
  // As JSON: what @fastify/swagger hands over still carries TypeBox's symbols, which are no part of the document.
  const lifted = lift(JSON.parse(JSON.stringify(doc))) as Json;
  // Every error answer refers to Problem, whether or not a route names it.
  lift(JSON.parse(JSON.stringify(Problem)));
  return {
    ...lifted,
    components: { ...lifted.components, schemas: withProblemCodes({ ...lifted.components?.schemas, ...schemas }) },
  };
}

/**
 * `Problem.code` lists the codes the station sends (errors.ts), so that a generated client offers them, and stays
 * open (`anyOf` with any string): a later version may add codes, which a client shows by their `detail`.
 */
function withProblemCodes(schemas: Json): Json {
  const problem: Json = schemas.Problem;
  const { type: _, ...said } = problem.properties.code;
  return {
    ...schemas,
    ProblemCode: {
      type: 'string',
      enum: Object.keys(errorStatus),
      description:
        'The codes of problem details this version sends (contract: Errors); a later one may add codes: show `detail` for a code you do not know',
    },
    Problem: {
      ...problem,
      properties: {
        ...problem.properties,
        code: { ...said, anyOf: [{ $ref: '#/components/schemas/ProblemCode' }, { type: 'string' }] },
      },
    },
  };
}

const withRateHeaders = (res: Json): Json => ({
  ...res,
  headers: {
    ...res.headers,
    RateLimit: header('RateLimit'),
    'RateLimit-Policy': header('RateLimit-Policy'),
    'X-Request-Id': header('X-Request-Id'),
  },
});

const withRateHeadersAll = (responses: Json): Json =>
  Object.fromEntries(Object.entries<Json>(responses).map(([status, res]) => [status, withRateHeaders(res)]));

/** What every operation answers besides its own success: the failures any request may meet. */
function commonResponses(secured: boolean): Json {
  return {
    ...(secured
      ? {
          '401': {
            description: 'Missing, malformed, unknown, revoked or expired token',
            headers: { 'WWW-Authenticate': header('WWW-Authenticate') },
            content: problemContent,
          },
        }
      : {}),
    '405': {
      description: 'The path does not take this method',
      headers: { Allow: header('Allow') },
      content: problemContent,
    },
    '429': {
      description: "Over the caller's rate",
      headers: { 'Retry-After': header('Retry-After') },
      content: problemContent,
    },
    '503': {
      description:
        'The store cannot be reached for the moment (a lost database connection); try again after `Retry-After` seconds',
      headers: { 'Retry-After': header('Retry-After') },
      content: problemContent,
    },
    '507': {
      description:
        'The disk of the station is full (`storage_full`): nothing was saved; reads keep working. Try again after `Retry-After` seconds, once space is freed',
      headers: { 'Retry-After': header('Retry-After') },
      content: problemContent,
    },
    '5XX': {
      description:
        'A failure of the station, not of the request: problem details naming only the `request_id` under which the station’s log has the cause',
      content: problemContent,
    },
  };
}

/** How an operation treats query parameters it does not list (docs/api.md states the rule). */
function queryRule(op: Json): string {
  const listed = ((op.parameters ?? []) as Json[]).some((p) => p.in === 'query');
  return listed
    ? 'A query parameter not listed here is refused: 400 `validation_failed` naming it (`/name is not allowed`).'
    : 'It takes no query parameters: any is refused, 400 `validation_failed` naming it (`/name is not allowed`).';
}

/** Each POST takes `Idempotency-Key`: its replays, and the two refusals of a key. */
function idempotentWrite(op: Json): void {
  op.parameters = [...(op.parameters ?? []), { $ref: '#/components/parameters/IdempotencyKey' }];
  for (const [status, res] of Object.entries<Json>(op.responses))
    if (/^2/.test(status)) res.headers = { ...res.headers, 'Idempotent-Replayed': header('Idempotent-Replayed') };
  const refusal = (description: string) => ({ description, content: problemContent });
  const conflict: Json | undefined = op.responses['409'];
  // An operation's own 409 (a `duplicate_ref` with its `existing`) stays typed beside the key's plain one.
  const own: Json | undefined = conflict?.content?.[PROBLEM]?.schema;
  op.responses['409'] = {
    description: [
      conflict?.description,
      '`idempotency_key_in_flight`: a request with the same `Idempotency-Key` is still being answered',
    ]
      .filter(Boolean)
      .join('; or '),
    content:
      own && own.$ref !== problemContent[PROBLEM].schema.$ref
        ? { [PROBLEM]: { schema: { anyOf: [own, problemContent[PROBLEM].schema] } } }
        : problemContent,
  };
  op.responses['422'] = refusal(
    '`idempotency_key_reused`: the `Idempotency-Key` was sent with another request (path, query or body) in the last 24 hours',
  );
}

/** Each read answers with an `ETag` and takes `If-None-Match`; HEAD answers a read's headers without its body. */
function conditionalRead(op: Json): void {
  op.parameters = [...(op.parameters ?? []), { $ref: '#/components/parameters/IfNoneMatch' }];
  const ok = op.responses['200'];
  // A route that says how long its answer may be kept (the JWKS) keeps its own Cache-Control.
  if (ok) ok.headers = { 'Cache-Control': header('Cache-Control'), ...ok.headers, ETag: header('ETag') };
  op.responses['304'] = {
    description: 'Not Modified: the data is what the `If-None-Match` tag names; no body',
    headers: { ETag: header('ETag') },
  };
}

const isDownload = (op: Json): boolean => 'application/pdf' in (op.responses['200']?.content ?? {});

function headOf(get: Json): Json {
  const responses: Json = {};
  for (const [status, res] of Object.entries<Json>(get.responses))
    responses[status] = { description: res.description, ...(res.headers ? { headers: res.headers } : {}) };
  return {
    ...get,
    operationId: `${get.operationId}.head`,
    summary: `${get.summary} (headers only)`,
    description: `The answer of \`GET\` without its body: the status and headers (\`ETag\` among them), so that a client learns whether the resource exists or changed. It runs as the \`GET\` does.`,
    responses,
  };
}

/**
 * Turns what @fastify/swagger derives from the routes into the document integrators generate clients from:
 * paths relative to a `servers` entry, named schemas as components, errors as the problem details they are, the
 * headers every answer carries, conditional reads and their HEAD.
 */
export function finishDocument(source: Json): Json {
  const doc = liftNamedSchemas(source);
  const paths: Json = {};
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    if (!path.startsWith(API_PREFIX + '/')) continue;
    paths[path.slice(API_PREFIX.length)] = item;
    for (const [method, op] of Object.entries<Json>(item)) {
      if (!METHODS.has(method)) continue;
      const secured = !(Array.isArray(op.security) && op.security.length === 0);
      const responses: Json = op.responses ?? {};
      for (const [status, res] of Object.entries<Json>(responses)) {
        if (/^[45]/.test(status)) {
          // Problem details, or the named refinement an operation declares (`problems` of its spec).
          const own: unknown = (Object.values(res.content ?? {})[0] as Json | undefined)?.schema?.$ref;
          const refined = typeof own === 'string' && own !== problemContent[PROBLEM].schema.$ref ? own : null;
          res.content = refined ? { [PROBLEM]: { schema: { $ref: refined } } } : problemContent;
          if (res.description === 'Default Response')
            res.description =
              (refined && doc.components.schemas[refined.slice(refined.lastIndexOf('/') + 1)]?.description) ||
              'Problem details naming the cause';
        } else if (res.description === 'Default Response') res.description = STATUS_CODES[status] ?? 'Success';
        if (status === '201') res.headers = { ...res.headers, Location: header('Location') };
      }
      op.responses = { ...responses, ...commonResponses(secured) };
      // A label file's download, whose url is its secret, ignores a query and sends no ETag (a file is written once);
      // every other route refuses one, and its reads are conditional.
      if (!isDownload(op)) {
        op.description = [op.description, queryRule(op)].filter(Boolean).join(' ');
        if (method === 'get') conditionalRead(op);
        if (method === 'post') idempotentWrite(op);
      }
      op.responses = withRateHeadersAll(op.responses);
    }
    if (item.get) item.head = headOf(item.get);
  }
  paths['/openapi.json'] = openApiPath();
  return {
    ...doc,
    servers: [{ url: API_PREFIX, description: 'This station; the document is served at `{server}/openapi.json`' }],
    tags,
    paths,
    components: { ...doc.components, headers, parameters },
  };
}

/** The document itself: served without a token. */
function openApiPath(): Json {
  const get: Json = {
    operationId: 'openapi.get',
    summary: 'This OpenAPI description',
    description:
      'The OpenAPI 3.1 description of every endpoint, generated from the same schemas that validate the requests. No token needed.',
    tags: ['Document'],
    security: [],
    responses: {
      '200': {
        description: 'The document',
        content: { 'application/json': { schema: { type: 'object', description: 'An OpenAPI 3.1 document' } } },
      },
      '400': { description: 'A query parameter was sent (`validation_failed`)', content: problemContent },
      ...commonResponses(false),
    },
  };
  get.description = `${get.description} ${queryRule(get)}`;
  conditionalRead(get);
  get.responses = withRateHeadersAll(get.responses);
  return { get, head: headOf(get) };
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Shipping Station',
        version: '1',
        description:
          'Shipping logistics service of a packing desk: quotes, shipments, packages, pickup offices, labels, QR tokens and tracking. ' +
          'Every error is RFC 9457 problem details (`application/problem+json`) with a stable `code`; a validation error lists each ' +
          `field in \`errors\`. A query parameter an operation does not list is refused (400 naming it). ` +
          'Reads answer with a weak `ETag` and take `If-None-Match` (`304`). ' +
          'Every POST takes an `Idempotency-Key` header, to be sent again safely: the same key and request are answered what the first was, for 24 hours. ' +
          describeLimits(),
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Personal access token' } },
      },
      security: [{ bearer: [] }],
    },
    // OpenAPI 3.1 is JSON Schema 2020-12: `const` stays `const`, so that named schemas read as they validate.
    convertConstToEnum: false,
    transformObject: (documentObject) => finishDocument((documentObject as { openapiObject: Json }).openapiObject),
  });
}
