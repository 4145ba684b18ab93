import type { FastifyError, FastifyReply } from 'fastify';
import { DomainError, type ErrorCode } from '../../shared/errors.js';

/** Fastify's own errors (raised before our code runs) mapped to the contract's codes. */
const fastifyCodes: Record<string, { code: ErrorCode; detail: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', detail: 'the body is larger than 1 MiB' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    detail: 'send the body as Content-Type: application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'validation_failed', detail: 'Content-Length does not match the body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_json', detail: 'the body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json', detail: 'the body is not valid JSON' },
  FST_ERR_BAD_URL: { code: 'malformed_request', detail: 'the url has a malformed %-escape' },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'not_found', detail: 'no such resource: a path segment is longer than any id' },
};

/** Every error leaves as RFC 9457 problem details; a 5xx never shows its cause. */
export function toDomainError(err: unknown): DomainError {
  if (err instanceof DomainError) return err;
  const fe = err as FastifyError;
  const known = fe?.code ? fastifyCodes[fe.code] : undefined;
  if (known) return new DomainError(known.code, known.detail);
  if (err instanceof SyntaxError && 'body' in err) return new DomainError('invalid_json', 'the body is not valid JSON');
  if (typeof fe?.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    const code: ErrorCode =
      fe.statusCode === 404 ? 'not_found' : fe.statusCode === 415 ? 'unsupported_media_type' : 'validation_failed';
    return new DomainError(code, fe.message);
  }
  return new DomainError('internal', 'an internal error occurred; it has been logged');
}

export function sendProblem(reply: FastifyReply, e: DomainError): FastifyReply {
  if (e.code === 'unauthenticated') reply.header('WWW-Authenticate', 'Bearer');
  if (e.code === 'rate_limited' || e.code === 'unavailable' || e.code === 'storage_full')
    reply.header('Retry-After', String(Number(e.extra?.retry_after ?? 1)));
  return reply.code(e.status).type('application/problem+json').send(e.toProblem());
}
