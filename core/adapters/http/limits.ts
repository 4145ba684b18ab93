import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { DomainError, type ErrorCode } from '../../shared/errors.js';
import { MAX_JSON_DEPTH } from '../../platform/validation.js';
import { sendProblem } from './problem.js';

/**
 * The limits of what one request may be, in one place so that the server, the OpenAPI document and docs/api.md
 * state the same numbers. Headers allow 64 KiB (Node's default is 16) because `GET /labels?code=` may list 500
 * codes, which the document allows.
 */
export const LIMITS = {
  bodyBytes: 1024 * 1024,
  headerBytes: 64 * 1024,
  jsonDepth: MAX_JSON_DEPTH,
  /** A path segment (`/shipments/{id}`); ids and names are far shorter. */
  paramChars: 200,
} as const;

export function describeLimits(): string {
  return (
    `Limits: a JSON body of at most ${LIMITS.bodyBytes / 1024 / 1024} MiB (413) nested at most ${LIMITS.jsonDepth} levels (400); ` +
    `request line and headers of at most ${LIMITS.headerBytes / 1024} KiB together (431); a path segment of at most ` +
    `${LIMITS.paramChars} characters (404).`
  );
}

/** Node's HTTP server options: the header limit, and the Host check moved into Fastify so that it answers as JSON. */
export function nodeServerOptions() {
  return { maxHeaderSize: LIMITS.headerBytes, requireHostHeader: false };
}

function rawProblem(status: number, code: ErrorCode, detail: string): string {
  const body = JSON.stringify(new DomainError(code, detail).toProblem());
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/problem+json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

/**
 * Requests Node's parser refuses before any route sees them (a header block over the limit, a malformed request
 * line, a timeout) get problem details too, written straight to the socket since there is no request object.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) return void socket.destroy(err);
  const answer =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? rawProblem(431, 'headers_too_large', `the request line and headers exceed ${LIMITS.headerBytes / 1024} KiB`)
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? rawProblem(408, 'request_timeout', 'the request did not arrive in time')
        : rawProblem(400, 'malformed_request', 'the request is not well-formed HTTP');
  socket.end(answer);
}

/** HTTP/1.1 requires Host (RFC 9112 §3.2); Node would answer an empty 400, so the check lives here. */
export function requireHost(req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void {
  if (req.raw.httpVersionMajor === 1 && req.raw.httpVersionMinor >= 1 && !req.headers.host)
    return done(new DomainError('malformed_request', 'an HTTP/1.1 request needs a Host header'));
  done();
}

const METHODS: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * A wrong method on a known path is 405 with `Allow` (RFC 9110 §15.5.6), not 404. Every route registered after this
 * is mirrored into a second router that only answers "which methods exist here".
 */
export function methodNotAllowed(app: FastifyInstance, ignoreTrailingSlash: boolean) {
  const known = FindMyWay({ ignoreTrailingSlash });
  app.addHook('onRoute', (route) => {
    // A catch-all (the desk UI's files under /) names no resource, so it makes no path "known".
    if (route.url.includes('*')) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]) as HTTPMethod[];
    for (const m of methods) if (!known.find(m, route.url)) known.on(m, route.url, () => undefined);
  });
  return (req: FastifyRequest, reply: FastifyReply): FastifyReply | null => {
    const path = req.url.split('?')[0]!;
    const allowed = METHODS.filter((m) => known.find(m, path));
    if (!allowed.length) return null;
    reply.header('Allow', allowed.join(', '));
    return sendProblem(
      reply,
      new DomainError('method_not_allowed', `${req.method} is not allowed on ${path}; use ${allowed.join(', ')}`),
    );
  };
}
