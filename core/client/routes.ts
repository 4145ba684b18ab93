import type { OpName } from '../api.js';
import type { HttpMethod } from '../operations/spec.js';

/** Where an operation answers under `{base_url}` (Fastify's `:param` syntax); null for the owner's operations. */
export type Route = { method: HttpMethod; path: string } | null;

/**
 * The route of every operation, as plain data: all the typed client needs at run time, so that a page bundling the
 * client bundles none of the operation specs, their schemas or TypeBox. The specs (`core/<feature>/api.ts`) stay the one
 * definition: the compiler insists on one entry per operation, and test/http/client-routes.test.ts on each entry
 * being its spec's route.
 */
export const routes = {
  'shipments.create': { method: 'POST', path: '/shipments' },
  'shipments.get': { method: 'GET', path: '/shipments/:id' },
  'shipments.search': { method: 'GET', path: '/shipments' },
  'shipments.cancel': { method: 'POST', path: '/shipments/:id/cancel' },
  'packages.create': { method: 'POST', path: '/shipments/:id/packages' },
  'packages.list': { method: 'GET', path: '/shipments/:id/packages' },
  'events.list': { method: 'GET', path: '/shipments/:id/events' },
  'events.create': { method: 'POST', path: '/shipments/:id/events' },
  'tokens.list': { method: 'GET', path: '/tokens' },
  'tokens.get': { method: 'GET', path: '/tokens/:id' },
  'tokens.current': { method: 'GET', path: '/tokens/current' },
  'tokens.create': { method: 'POST', path: '/tokens' },
  'tokens.revoke': { method: 'POST', path: '/tokens/:id/revoke' },
  'accounts.create': null,
  'accounts.list': null,
  'quote.get': { method: 'GET', path: '/quote' },
  'offices.search': { method: 'GET', path: '/offices' },
  'printers.list': { method: 'GET', path: '/printers' },
  'printers.create': { method: 'POST', path: '/printers' },
  'printers.discover': { method: 'GET', path: '/printers/discover' },
  'printers.get': { method: 'GET', path: '/printers/:name' },
  'printers.update': { method: 'PUT', path: '/printers/:name' },
  'printers.delete': { method: 'DELETE', path: '/printers/:name' },
  'printers.test': { method: 'POST', path: '/printers/:name/test' },
  'printers.status': { method: 'GET', path: '/printers/:name/status' },
  'printJobs.create': { method: 'POST', path: '/print-jobs' },
  'printJobs.list': { method: 'GET', path: '/print-jobs' },
  'printJobs.get': { method: 'GET', path: '/print-jobs/:id' },
  'printJobs.retry': { method: 'POST', path: '/print-jobs/:id/retry' },
  'printJobs.cancel': { method: 'POST', path: '/print-jobs/:id/cancel' },
  'printJobs.confirm': { method: 'POST', path: '/print-jobs/:id/confirm' },
  'printJobs.printAgain': { method: 'POST', path: '/print-jobs/:id/print-again' },
  'printJobs.move': { method: 'POST', path: '/print-jobs/:id/move' },
  'labels.get': { method: 'GET', path: '/labels' },
  'labels.qr': { method: 'GET', path: '/labels/qr' },
  'labels.preview': { method: 'GET', path: '/labels/preview' },
  'manifests.create': { method: 'POST', path: '/manifests' },
  'manifests.get': { method: 'GET', path: '/manifests/:id' },
  'station.settings.get': { method: 'GET', path: '/station/settings' },
  'station.settings.update': { method: 'PUT', path: '/station/settings' },
  'ratecard.get': { method: 'GET', path: '/ratecard' },
  'ratecard.import': { method: 'POST', path: '/ratecard' },
  'offices.import': { method: 'POST', path: '/offices/import' },
  'senders.list': { method: 'GET', path: '/senders' },
  'senders.create': { method: 'POST', path: '/senders' },
  'senders.update': { method: 'PUT', path: '/senders/:id' },
  'senders.delete': { method: 'DELETE', path: '/senders/:id' },
  'presets.list': { method: 'GET', path: '/presets' },
  'presets.create': { method: 'POST', path: '/presets' },
  'presets.update': { method: 'PUT', path: '/presets/:id' },
  'presets.delete': { method: 'DELETE', path: '/presets/:id' },
  'scan.resolve': { method: 'GET', path: '/scan' },
} as const satisfies Record<OpName, Route>;
