import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { internalError, type Core, type Principal } from '../../app/index.js';
import { DomainError, isStorageFull, storageFull } from '../../shared/errors.js';
import { operations } from '../../app/operation-table.js';
import { Problem } from '../../platform/schemas/common.js';
import { NO_QUERY, parse } from '../../platform/validation.js';
import { sendProblem, toDomainError } from './problem.js';
import { publicRoutes } from './routes.js';
import { registerRateLimit } from './rate-limit.js';
import { clientErrorHandler, LIMITS, methodNotAllowed, nodeServerOptions, requireHost } from './limits.js';
import { createdLocations } from './location.js';
import { deskHeaders } from './desk-headers.js';
import { API_PREFIX, registerOpenApi } from './openapi.js';
import { sendJson, sendRead } from './conditional.js';
import { registerCors } from './cors.js';

export { API_PREFIX } from './openapi.js';

export interface ServerOptions {
  /** Folder of the built renderer, served at `/` so that a browser can be the desk's screen. */
  rendererDir?: string;
  /** Requests per minute per token; 0 turns the limit off. */
  rateLimitPerMinute?: number;
  https?: { key: Buffer; cert: Buffer } | null;
  /**
   * `{base_url}` for links in answers (label urls): a configured public URL, else the address the service listens
   * on (see listen.ts). Never the request's Host header, which a client chooses.
   */
  baseUrl?: () => string | null;
  /** Origins whose pages may call the API from a browser (`STATION_CORS_ORIGINS`, see cors.ts); none by default. */
  corsOrigins?: string[];
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
    loggerInstance: core.log,
    // Each request is not logged (it would be a write per read); failures are, under this id, which the client gets too.
    logController: new LogController({ disableRequestLogging: true }),
    // Requests log with the service's own logger, not a child made for each (about 40 µs a request): the lines
    // that a request writes (failures) name its request id themselves.
    childLoggerFactory: (logger: FastifyBaseLogger) => logger,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: LIMITS.bodyBytes,
    ...(opts.https ? { https: { ...opts.https, ...nodeServerOptions() } } : { http: nodeServerOptions() }),
    // Scripts often write `/shipments/`; it is the same resource as `/shipments`.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: LIMITS.paramChars },
    // Errors Fastify raises before routing (a malformed %-escape in the url) leave as problem details too.
    frameworkErrors: (err: Error, _req: FastifyRequest, reply: FastifyReply) => sendProblem(reply, toDomainError(err)),
    clientErrorHandler,
  } as Parameters<typeof Fastify>[0]) as unknown as FastifyInstance;
  const wrongMethod = methodNotAllowed(app, true);

  app.decorateRequest('principal', null);
  // First, so that every answer to a listed origin carries its headers: refusals (401, 429, 404) too.
  await registerCors(
    app,
    opts.corsOrigins ?? [],
    operations.flatMap((op) => (op.http ? [op.http.method] : [])),
  );
  // Hooks on every request take a callback, not a promise: a microtask less each, on the busiest path.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
  const baseUrl = opts.baseUrl ?? (() => null);
  app.addHook('onRequest', requireHost);
  registerRateLimit(app, core, opts.rateLimitPerMinute ?? 1200);
  // Answers are compressed when the client accepts it; small ones are not worth the CPU. Up to 64 kB (a page of
  // shipments is 15-20 kB, a page of 100 about 85 kB) in one synchronous call: the plugin's default on 2 cores
  // (8 kB) sent every page through a zlib stream, whose setup, chunks and writes cost the service's thread more than
  // the compression itself (1.5-2 ms of a search's 3.4 ms at the median, `npm run bench -- shipments`), and a
  // station has no spare core for the stream to overlap with.
  await app.register(compress, { threshold: 1024, syncThreshold: 65_536 });

  // The core validates; Fastify's own validator and response serializer are bypassed so that one schema
  // (and one error format) serves every adapter. The schemas still reach OpenAPI.
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  // Only JSON is accepted (contract: anything else is 415), so Fastify's text/plain parser goes too.
  // An empty JSON body (e.g. `POST …/cancel` from a client that always sends the header) means "no body".
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: LIMITS.bodyBytes },
    (_req, text, done) => {
      const s = text as string;
      if (s.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(s));
      } catch {
        done(new DomainError('invalid_json', 'the body is not valid JSON'), undefined);
      }
    },
  );

  app.setErrorHandler((err, req, reply) => {
    let e = isStorageFull(err) ? storageFull(err) : toDomainError(err);
    // The store out of reach, or a full disk, is said as such (503 or 507, Retry-After): the client should wait,
    // not report a bug.
    if (e.code === 'unavailable') req.log.warn({ err, request_id: req.id }, 'the store is out of reach');
    else if (e.status >= 500 && e.code !== 'storage_full' && e.extra?.request_id === undefined) {
      req.log.error({ err, request_id: req.id, url: req.url.split('?')[0] }, 'request failed');
      e = internalError(req.id);
    }
    return sendProblem(reply, e);
  });
  app.setNotFoundHandler(
    (req, reply) =>
      wrongMethod(req, reply) ??
      sendProblem(reply, new DomainError('not_found', `no endpoint ${req.method} ${req.url.split('?')[0]}`)),
  );

  await registerOpenApi(app);

  await app.register(
    async (api) => {
      // The document does not change while the station runs: written once, at its first request.
      let document: string | undefined;
      api.get('/openapi.json', { schema: { hide: true } }, async (req, reply) => {
        parse(NO_QUERY, req.query);
        document ??= JSON.stringify(app.swagger());
        return sendJson(req, reply, 200, document);
      });
      for (const register of publicRoutes) register(api, core);

      for (const op of operations) {
        if (!op.http) continue;
        const status = op.successStatus ?? 200;
        const read = op.http.method === 'GET';
        api.route({
          method: op.http.method,
          url: op.http.path,
          // An import carries a whole export file; everything else stays within the usual limit.
          ...(op.maxBodyBytes ? { bodyLimit: op.maxBodyBytes } : {}),
          schema: {
            operationId: op.name,
            summary: op.summary,
            ...(op.description ? { description: op.description } : {}),
            tags: op.tags,
            ...(op.input.params ? { params: op.input.params } : {}),
            ...(op.input.query ? { querystring: op.input.query } : {}),
            ...(op.input.body ? { body: op.input.body } : {}),
            response: { [status]: op.output, ...op.problems, '4XX': Problem },
            'x-permission': op.permission,
          } as never,
          onRequest: async (req: FastifyRequest) => {
            // The rate limiter may have authenticated the caller already.
            const principal = req.principal ?? (await core.authenticate(req.headers.authorization));
            core.authorize(principal, op);
            req.principal = principal;
          },
          handler: async (req, reply) => {
            const key = req.headers['idempotency-key'];
            const result = await core.execute(
              op.name,
              { params: req.params, query: req.query, body: req.body },
              req.principal!,
              {
                baseUrl: baseUrl(),
                requestId: req.id,
                // The core checks the key (POST only, its characters) and keeps or replays the answer.
                ...(key !== undefined
                  ? {
                      idempotencyKey: Array.isArray(key) ? key.join(', ') : key,
                      onReplay: () => void reply.header('Idempotent-Replayed', 'true'),
                    }
                  : {}),
              },
            );
            // Reads (and their HEAD) carry an ETag and answer If-None-Match.
            if (read) return sendRead(req, reply, status, result);
            const location = status === 201 ? createdLocations[op.name] : undefined;
            if (location) reply.header('Location', API_PREFIX + location(result as never, req.params as never));
            return reply.code(status).send(result);
          },
        });
      }
    },
    { prefix: API_PREFIX },
  );

  if (opts.rendererDir && existsSync(opts.rendererDir)) {
    const headers = Object.entries(deskHeaders(opts.rendererDir));
    await app.register(fastifyStatic, {
      root: opts.rendererDir,
      prefix: '/',
      index: 'index.html',
      setHeaders: (res) => {
        for (const [name, value] of headers) res.setHeader(name, value);
      },
    });
  }

  return app;
}
