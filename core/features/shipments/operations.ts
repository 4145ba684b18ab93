import { implement, uses } from '../../platform/operations/types.js';
import type { ShipmentService } from './service.js';
import { eventView } from '../tracking/service.js';
import type { Principal } from '../../platform/operations/principal.js';
import { shipmentApi } from './api.js';

/** Who made a change, as the history says it: the credential, or the station's owner at the station. */
const madeBy = (p: Principal) => (p.tokenId !== null ? `token ${p.tokenId}` : 'station');

/**
 * A create may ask for its label to be drawn ahead for the desk's printer; that is all these operations ask of
 * printing, said here so that shipments need not know the printing feature (which knows shipments through labels).
 */
interface LabelAhead {
  labelAhead(accountId: number, code: string): void;
}

const used = uses<{ shipments: ShipmentService; printing: LabelAhead }>({ shipments: true, printing: true });

export const shipmentOperations = implement(shipmentApi, used, {
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
