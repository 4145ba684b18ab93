import { IdParams } from '../schemas/common.js';
import { defineOperation } from '../operations/types.js';
import { eventView } from '../tracking/service.js';
import { EventCreate, TrackingEvent, TrackingEvents } from '../tracking/schemas.js';
import { PackageCreate, Shipment, ShipmentCreate, ShipmentPage, ShipmentSearch } from './schemas.js';

const tags = ['Shipments'];

export const shipmentOperations = [
  defineOperation({
    name: 'shipments.create',
    summary: 'Create a shipment',
    description:
      'Creates a shipment in TO_COLLECT (a RETURN in TO_RECOVER) with its first tracking event. `ref` is unique per account.',
    tags,
    permission: 'shipments.write',
    input: { body: ShipmentCreate },
    output: Shipment,
    successStatus: 201,
    handler: ({ principal, services }, { body }) => services.shipments.create(principal.accountId, body),
  }),
  defineOperation({
    name: 'shipments.get',
    summary: 'Get a shipment by id or code',
    tags,
    permission: 'shipments.read',
    input: { params: IdParams },
    output: Shipment,
    handler: ({ principal, services }, { params }) => services.shipments.get(principal.accountId, params.id),
  }),
  defineOperation({
    name: 'shipments.search',
    summary: 'Search shipments',
    description: 'Every filter applies (AND). Pages count from 1; a page past the end is empty with `last: true`.',
    tags,
    permission: 'shipments.read',
    input: { query: ShipmentSearch },
    output: ShipmentPage,
    handler: ({ principal, services }, { query }) => services.shipments.search(principal.accountId, query),
  }),
  defineOperation({
    name: 'shipments.cancel',
    summary: 'Cancel a shipment',
    description:
      'Moves the shipment (and its packages) to CANCELED with a tracking event. Canceling a canceled shipment changes nothing; once COLLECTED or later it is 409 invalid_state.',
    tags,
    permission: 'shipments.write',
    input: { params: IdParams },
    output: Shipment,
    handler: ({ principal, services }, { params }) => services.shipments.cancel(principal.accountId, params.id),
  }),
  defineOperation({
    name: 'packages.create',
    summary: 'Add a package to a multi-origin shipment',
    description:
      'The package is itself a shipment (readable by its code, with its own label); `twin` is the parent code, `number` counts from 1.',
    tags,
    permission: 'shipments.write',
    input: { params: IdParams, body: PackageCreate },
    output: Shipment,
    successStatus: 201,
    handler: ({ principal, services }, { params, body }) =>
      services.shipments.addPackage(principal.accountId, params.id, body),
  }),
  defineOperation({
    name: 'events.list',
    summary: 'Tracking events of a shipment',
    tags: ['Tracking'],
    permission: 'events.read',
    input: { params: IdParams },
    output: TrackingEvents,
    handler: ({ principal, services }, { params }) => services.shipments.history(principal.accountId, params.id),
  }),
  defineOperation({
    name: 'events.create',
    summary: 'Record a tracking event',
    description:
      'Moves the shipment to `status` along the allowed transitions (409 invalid_state otherwise). `receiver` is accepted on DELIVERED only.',
    tags: ['Tracking'],
    permission: 'events.write',
    input: { params: IdParams, body: EventCreate },
    output: TrackingEvent,
    successStatus: 201,
    handler: ({ principal, services }, { params, body }) =>
      eventView(services.shipments.recordEvent(principal.accountId, params.id, body)),
  }),
];
