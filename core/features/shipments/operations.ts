import { implement } from '../../platform/operations/types.js';
import { eventView } from '../tracking/service.js';
import type { Principal } from '../../platform/operations/principal.js';
import { shipmentApi } from './api.js';

/** Who made a change, as the history says it: the credential, or the station's owner at the station. */
const madeBy = (p: Principal) => (p.tokenId !== null ? `token ${p.tokenId}` : 'station');

export const shipmentOperations = implement(shipmentApi, {
  async 'shipments.create'({ principal, services }, { query, body }) {
    const created = await services.shipments.create(principal.accountId, body);
    if (query.label_ahead) services.printing.labelAhead(principal.accountId, created.code);
    return created;
  },
  'shipments.get': ({ principal, services }, { params }) => services.shipments.get(principal.accountId, params.id),
  'shipments.search': ({ principal, services }, { query }) => services.shipments.search(principal.accountId, query),
  'shipments.update': ({ principal, services }, { params, body }) =>
    services.shipments.update(principal.accountId, params.id, body, madeBy(principal)),
  'shipments.changes': async ({ principal, services }, { params }) => ({
    data: await services.shipments.changes(principal.accountId, params.id),
  }),
  'shipments.cancel': ({ principal, services }, { params }) =>
    services.shipments.cancel(principal.accountId, params.id),
  'packages.create': ({ principal, services }, { params, body }) =>
    services.shipments.addPackage(principal.accountId, params.id, body),
  'packages.list': async ({ principal, services }, { params }) => ({
    data: await services.shipments.packages(principal.accountId, params.id),
  }),
  'events.list': ({ principal, services }, { params }) => services.shipments.history(principal.accountId, params.id),
  'events.create': async ({ principal, services }, { params, body }) =>
    eventView(await services.shipments.recordEvent(principal.accountId, params.id, body)),
});
