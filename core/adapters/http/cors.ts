import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { HttpMethod } from '../../shared/spec.js';

/**
 * The origins whose pages may call the service from a browser: `STATION_CORS_ORIGINS`, separated by commas, each
 * `scheme://host[:port]` as a browser sends it in `Origin`. None by default: only the desk the service serves itself
 * (same origin) runs in a browser. An entry that is not an origin stops the service with a message naming it.
 */
export function corsOrigins(value: string | undefined): string[] {
  const listed = (value ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  return listed.map((o) => {
    const url = URL.canParse(o) ? new URL(o) : null;
    if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username)
      throw new Error(`STATION_CORS_ORIGINS: ${o} is not an origin (http(s)://host[:port], no path)`);
    // As a browser writes it in `Origin`: lower-case host, no default port.
    return url.origin;
  });
}

/** What a page on another origin must be able to read of an answer. */
const EXPOSED = [
  'ETag',
  'Idempotent-Replayed',
  'Location',
  'RateLimit',
  'RateLimit-Policy',
  'Retry-After',
  'WWW-Authenticate',
  'X-Request-Id',
];

/**
 * Cross-origin calls from the listed origins (@fastify/cors answers the preflight and adds the headers to every
 * answer, errors too, so that the page can read the problem). No credentials: tokens travel as bearer headers, never
 * cookies, so `Access-Control-Allow-Credentials` stays off.
 */
export async function registerCors(app: FastifyInstance, origins: string[], methods: HttpMethod[]): Promise<void> {
  if (!origins.length) return;
  await app.register(cors, {
    origin: origins,
    methods: [...new Set<string>([...methods, 'HEAD'])],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'If-None-Match'],
    exposedHeaders: EXPOSED,
    credentials: false,
    maxAge: 600,
    // A bare OPTIONS (no preflight headers) gets an empty 204, never Fastify's plain-text 400.
    strictPreflight: false,
  });
}
