import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';

/**
 * A weak validator of a JSON answer (RFC 9110 §8.8.1): the SHA-1 of the JSON the service wrote. Weak, because what
 * it vouches for is the data, not the bytes on the wire: the same answer leaves plain, gzip or br (@fastify/compress),
 * and a strong tag would have to differ for each; `If-None-Match` compares weakly anyway. SHA-1 stands for the data
 * of one account's answer, where no one gains by making two answers collide.
 */
export function etagOf(json: string): string {
  return `W/"${hash('sha1', json, 'base64url')}"`;
}

export interface ReadHeaders {
  /** The answer's media type; JSON unless said. */
  type?: string;
  /** `private, no-cache` unless said: a browser may keep the answer, and asks again with the tag before using it. */
  cacheControl?: string;
}

/**
 * Sends JSON already written with its ETag, or `304 Not Modified` without a body when the client holds it already
 * (`If-None-Match`, compared by `fresh`, the module Express uses). Only `If-None-Match` reaches `fresh`: it takes a
 * request's `Cache-Control: no-cache` for "answer in full", which is a browser's reload as a cache would see it, but
 * the station is the origin, where that directive changes nothing (RFC 9111 §5.2.1.4: a cache revalidates with the
 * origin, and the origin still evaluates the precondition, RFC 9110 §13.2). fetch sends it with every request that
 * sets `If-None-Match` itself, so honouring it would deny every fetch client its 304.
 */
export function sendJson(
  req: FastifyRequest,
  reply: FastifyReply,
  status: number,
  json: string,
  headers: ReadHeaders = {},
): FastifyReply {
  const etag = etagOf(json);
  reply.header('ETag', etag).header('Cache-Control', headers.cacheControl ?? 'private, no-cache');
  if (fresh({ 'if-none-match': req.headers['if-none-match'] }, { etag })) return reply.code(304).send();
  return reply
    .code(status)
    .type(headers.type ?? 'application/json; charset=utf-8')
    .send(json);
}

/** Sends a read's answer with its ETag, or `304 Not Modified` while the client holds it (`sendJson`). */
export function sendRead(req: FastifyRequest, reply: FastifyReply, status: number, result: unknown): FastifyReply {
  return sendJson(req, reply, status, JSON.stringify(result));
}
