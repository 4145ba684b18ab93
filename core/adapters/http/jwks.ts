import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Core } from '../../app/index.js';
import { named } from '../../shared/schemas/named.js';
import { NO_QUERY, parse } from '../../platform/validation.js';
import { sendJson } from './conditional.js';

/** RFC 7517 key set of Ed25519 public keys (RFC 8037). */
const Jwks = named(
  'Jwks',
  Type.Object({
    keys: Type.Array(
      Type.Object({
        kty: Type.Literal('OKP'),
        crv: Type.Literal('Ed25519'),
        x: Type.String({ description: 'The public key, base64url' }),
        kid: Type.String({ description: 'Matches the `kid` in a label token header' }),
        alg: Type.Optional(Type.Literal('EdDSA')),
        use: Type.Optional(Type.Literal('sig')),
      }),
    ),
  }),
);

/** `GET /.well-known/jwks.json`: the public keys that verify label QR tokens (contract: no token needed). */
export function registerJwks(api: FastifyInstance, core: Core): void {
  api.get(
    '/.well-known/jwks.json',
    {
      schema: {
        summary: 'Public keys of the label QR tokens (JWKS)',
        description: 'Current and retired keys; a scanner verifies a label token offline with the key its `kid` names.',
        operationId: 'jwks.get',
        tags: ['Labels'],
        security: [],
        response: {
          200: {
            description: 'The key set',
            headers: {
              'Cache-Control': {
                type: 'string',
                description: '`public, max-age=300`: kept five minutes, then asked again with `If-None-Match`',
              },
            },
            content: { 'application/jwk-set+json': { schema: Jwks } },
          },
          400: { description: 'A query parameter was sent (`validation_failed`)' },
        },
      },
    },
    async (req, reply) => {
      parse(NO_QUERY, req.query);
      return sendJson(req, reply, 200, JSON.stringify(await core.jwks()), {
        type: 'application/jwk-set+json',
        // Short: a rotation should reach scanners soon, and old keys stay listed anyway.
        cacheControl: 'public, max-age=300',
      });
    },
  );
}
