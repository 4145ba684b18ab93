import type { FastifyInstance } from 'fastify';
import type { Core } from '../index.js';
import { registerLabelDownloads } from '../labels/routes.js';
import { registerJwks } from '../qr/routes.js';

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
  { method: 'GET', url: '/tokens', operation: 'tokens.list' },
  { method: 'POST', url: '/tokens', operation: 'tokens.create' },
  { method: 'POST', url: '/tokens/:id/revoke', operation: 'tokens.revoke' },
  { method: 'GET', url: '/quote', operation: 'quote.get' },
  { method: 'GET', url: '/offices', operation: 'offices.search' },
  { method: 'GET', url: '/printers', operation: 'printers.list' },
  { method: 'POST', url: '/printers', operation: 'printers.create' },
  { method: 'GET', url: '/printers/discover', operation: 'printers.discover' },
  { method: 'GET', url: '/printers/:name', operation: 'printers.get' },
  { method: 'PUT', url: '/printers/:name', operation: 'printers.update' },
  { method: 'DELETE', url: '/printers/:name', operation: 'printers.delete' },
  { method: 'POST', url: '/printers/:name/test', operation: 'printers.test' },
  { method: 'GET', url: '/printers/:name/status', operation: 'printers.status' },
  { method: 'POST', url: '/print-jobs', operation: 'printJobs.create' },
  { method: 'GET', url: '/print-jobs', operation: 'printJobs.list' },
  { method: 'GET', url: '/print-jobs/:id', operation: 'printJobs.get' },
  { method: 'POST', url: '/print-jobs/:id/retry', operation: 'printJobs.retry' },
  { method: 'POST', url: '/print-jobs/:id/cancel', operation: 'printJobs.cancel' },
  { method: 'GET', url: '/labels', operation: 'labels.get' },
  { method: 'GET', url: '/labels/qr', operation: 'labels.qr' },
  { method: 'POST', url: '/manifests', operation: 'manifests.create' },
  { method: 'GET', url: '/manifests/:id', operation: 'manifests.get' },
];

/**
 * Routes that need no token (contract: label downloads, the JWKS). Each registers itself under `/v1`; they are
 * not operations because their "auth" is the unguessable secret in the url, or nothing at all.
 */
export const publicRoutes: Array<(api: FastifyInstance, core: Core) => void> = [registerLabelDownloads, registerJwks];
