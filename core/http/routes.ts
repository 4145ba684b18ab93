import type { FastifyInstance } from 'fastify';
import type { Core } from '../index.js';

/**
 * Where each operation answers over HTTP, relative to `{base_url}` (`/v1`). The behaviour is the operation's;
 * this table only says which method and path reach it.
 */
export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  operation: string;
}

export const routes: Route[] = [
  { method: 'GET', url: '/shipments', operation: 'shipments.search' },
  { method: 'POST', url: '/shipments', operation: 'shipments.create' },
  { method: 'GET', url: '/shipments/:id', operation: 'shipments.get' },
  { method: 'POST', url: '/shipments/:id/cancel', operation: 'shipments.cancel' },
  { method: 'POST', url: '/shipments/:id/packages', operation: 'packages.create' },
  { method: 'GET', url: '/shipments/:id/events', operation: 'events.list' },
  { method: 'POST', url: '/shipments/:id/events', operation: 'events.create' },
  { method: 'GET', url: '/quote', operation: 'quote.get' },
  { method: 'GET', url: '/offices', operation: 'offices.search' },
  { method: 'GET', url: '/tokens', operation: 'tokens.list' },
  { method: 'POST', url: '/tokens', operation: 'tokens.create' },
  { method: 'POST', url: '/tokens/:id/revoke', operation: 'tokens.revoke' },
];

/**
 * Routes that need no token (contract: label downloads, the JWKS). Each registers itself under `/v1`; they are
 * not operations because their "auth" is the unguessable secret in the url, or nothing at all.
 */
export const publicRoutes: Array<(api: FastifyInstance, core: Core) => void> = [];
