import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { Problem } from '../schemas/common.js';
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
  'Retry-After': { description: 'Seconds to wait before the next request', schema: { type: 'integer', minimum: 1 } },
  'WWW-Authenticate': {
    description: 'The authentication scheme: `Bearer`',
    schema: { type: 'string', examples: ['Bearer'] },
  },
  Location: { description: 'Path of the created resource, relative to the host', schema: { type: 'string' } },
  Allow: { description: 'The methods the path accepts', schema: { type: 'string' } },
};

// The document is untyped JSON that this module reshapes; its shape is checked by the OpenAPI tests, not the compiler.
/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Turns what @fastify/swagger derives from the routes into the document integrators generate clients from:
 * paths relative to a `servers` entry, errors as the problem details they are, and the headers every answer carries.
 */
export function finishDocument(doc: Json): Json {
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
          res.content = problemContent;
          if (res.description === 'Default Response') res.description = 'Problem details naming the cause';
        }
        if (status === '201') res.headers = { ...res.headers, Location: header('Location') };
      }
      if (secured)
        responses['401'] = {
          description: 'Missing, malformed, unknown, revoked or expired token',
          headers: { 'WWW-Authenticate': header('WWW-Authenticate') },
          content: problemContent,
        };
      responses['405'] = {
        description: 'The path does not take this method',
        headers: { Allow: header('Allow') },
        content: problemContent,
      };
      responses['429'] = {
        description: "Over the caller's rate",
        headers: { 'Retry-After': header('Retry-After') },
        content: problemContent,
      };
      responses['507'] = {
        description:
          'The disk of the station is full (`storage_full`): nothing was saved; reads keep working. Try again after `Retry-After` seconds, once space is freed',
        headers: { 'Retry-After': header('Retry-After') },
        content: problemContent,
      };
      for (const res of Object.values<Json>(responses))
        res.headers = {
          ...res.headers,
          RateLimit: header('RateLimit'),
          'RateLimit-Policy': header('RateLimit-Policy'),
        };
      op.responses = responses;
    }
  }
  return {
    ...doc,
    servers: [{ url: API_PREFIX, description: 'This station; the document is served at `{server}/openapi.json`' }],
    paths,
    components: { ...doc.components, schemas: { ...doc.components?.schemas, Problem }, headers },
  };
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
          `field in \`errors\`. ${describeLimits()}`,
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Personal access token' } },
      },
      security: [{ bearer: [] }],
    },
    transformObject: (documentObject) => finishDocument((documentObject as { openapiObject: Json }).openapiObject),
  });
}
