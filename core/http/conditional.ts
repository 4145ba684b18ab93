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

/**
 * Sends a read's answer with its ETag, or `304 Not Modified` without a body when the client holds it already
 * (`If-None-Match`, parsed by `fresh`, the module Express uses). `private, no-cache`: a browser may keep the answer,
 * and asks again with the tag before using it.
 */
export function sendRead(req: FastifyRequest, reply: FastifyReply, status: number, result: unknown): FastifyReply {
  const json = JSON.stringify(result);
  const etag = etagOf(json);
  reply.header('ETag', etag).header('Cache-Control', 'private, no-cache');
  if (fresh(req.headers, { etag })) return reply.code(304).send();
  return reply.code(status).type('application/json; charset=utf-8').send(json);
}
