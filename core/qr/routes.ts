import type { FastifyInstance } from 'fastify';
import type { Core } from '../index.js';

/** `GET /.well-known/jwks.json`: the public keys that verify label QR tokens (contract: no token needed). */
export function registerJwks(api: FastifyInstance, core: Core): void {
  api.get(
    '/.well-known/jwks.json',
    {
      schema: {
        summary: 'Public keys of the label QR tokens (JWKS)',
        tags: ['Labels'],
        security: [],
      },
    },
    async (_req, reply) =>
      reply
        .type('application/jwk-set+json')
        // Short: a rotation should reach scanners soon, and old keys stay listed anyway.
        .header('cache-control', 'public, max-age=300')
        .send(JSON.stringify(core.services.qr.jwks())),
  );
}
