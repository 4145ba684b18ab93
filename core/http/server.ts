import { existsSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import fastifyStatic from '@fastify/static';
import type { Core, Principal } from '../index.js';
import { DomainError } from '../errors.js';
import { Problem } from '../schemas/common.js';
import { sendProblem, toDomainError } from './problem.js';
import { publicRoutes, routes } from './routes.js';
import { createRateLimiter } from './rate-limit.js';

export const API_PREFIX = '/v1';
const MAX_BODY = 1024 * 1024;

export interface ServerOptions {
  /** Folder of the built renderer, served at `/` so that a browser can be the desk's screen. */
  rendererDir?: string;
  /** Requests per minute per token; 0 turns the limit off. */
  rateLimitPerMinute?: number;
  logger?: boolean;
  https?: { key: Buffer; cert: Buffer } | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/**
 * Builds the HTTP adapter over the core. Each route is a thin mapping to an operation; the body is parsed here
 * but validated by the core, with the same schemas that document the route in OpenAPI.
 */
export async function buildServer(core: Core, opts: ServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ? { level: 'info' } : false,
    bodyLimit: MAX_BODY,
    ...(opts.https ? { https: opts.https } : {}),
    // Scripts often write `/shipments/`; it is the same resource as `/shipments`.
    routerOptions: { ignoreTrailingSlash: true },
    // Errors Fastify raises before routing (a malformed %-escape in the url) leave as problem details too.
    frameworkErrors: (err: Error, _req: FastifyRequest, reply: FastifyReply) => sendProblem(reply, toDomainError(err)),
  } as Parameters<typeof Fastify>[0]) as unknown as FastifyInstance;
  const limiter = createRateLimiter(opts.rateLimitPerMinute ?? 1200, () => core.services.clock.now().getTime());

  app.decorateRequest('principal', null);

  // The core validates; Fastify's own validator and response serializer are bypassed so that one schema
  // (and one error format) serves every adapter. The schemas still reach OpenAPI.
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  // Only JSON is accepted (contract: anything else is 415), so Fastify's text/plain parser goes too.
  // An empty JSON body (e.g. `POST …/cancel` from a client that always sends the header) means "no body".
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: MAX_BODY }, (_req, text, done) => {
    const s = text as string;
    if (s.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(s));
    } catch {
      done(new DomainError('invalid_json', 'the body is not valid JSON'), undefined);
    }
  });

  app.setErrorHandler((err, req, reply) => {
    const e = toDomainError(err);
    if (e.status >= 500) req.log.error({ err }, 'unhandled error');
    return sendProblem(reply, e);
  });
  app.setNotFoundHandler((req, reply) =>
    sendProblem(reply, new DomainError('not_found', `no endpoint ${req.method} ${req.url.split('?')[0]}`)),
  );

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Shipping Station',
        version: '1',
        description:
          'Shipping logistics service of a packing desk: quotes, shipments, packages, pickup offices, labels, QR tokens and tracking.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Personal access token' } } },
      security: [{ bearer: [] }],
    },
  });

  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      for (const register of publicRoutes) register(api, core);

      for (const route of routes) {
        const op = core.operation(route.operation);
        const status = op.successStatus ?? 200;
        api.route({
          method: route.method,
          url: route.url,
          schema: {
            operationId: op.name,
            summary: op.summary,
            ...(op.description ? { description: op.description } : {}),
            tags: op.tags,
            ...(op.input.params ? { params: op.input.params } : {}),
            ...(op.input.query ? { querystring: op.input.query } : {}),
            ...(op.input.body ? { body: op.input.body } : {}),
            response: { [status]: op.output, '4XX': Problem },
            'x-permission': op.permission,
          } as never,
          onRequest: async (req: FastifyRequest) => {
            const principal = core.services.auth.authenticate(req.headers.authorization);
            core.authorize(principal, op);
            limiter.take(principal.tokenId ?? 0);
            req.principal = principal;
          },
          handler: async (req, reply) => {
            const result = await core.execute(
              op.name,
              req.principal!,
              { params: req.params, query: req.query, body: req.body },
              { baseUrl: `${req.protocol}://${req.host}${API_PREFIX}` },
            );
            return reply.code(status).send(result);
          },
        });
      }
    },
    { prefix: API_PREFIX },
  );

  if (opts.rendererDir && existsSync(opts.rendererDir)) {
    await app.register(fastifyStatic, { root: opts.rendererDir, prefix: '/', index: 'index.html' });
  }

  return app;
}
