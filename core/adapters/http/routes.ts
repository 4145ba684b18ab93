import type { FastifyInstance } from 'fastify';
import type { Core } from '../../app/index.js';
import { registerLabelDownloads } from './downloads.js';
import { registerJwks } from './jwks.js';

/**
 * The routes that are not operations (each operation declares its own route in its spec): those that need no
 * token (contract: label downloads, the JWKS). Each registers itself under `/v1`; their "auth" is the unguessable
 * secret in the url, or nothing at all.
 */
export const publicRoutes: Array<(api: FastifyInstance, core: Core) => void> = [registerLabelDownloads, registerJwks];
