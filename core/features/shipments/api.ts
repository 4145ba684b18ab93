import { IdParams } from '../../platform/schemas/common.js';
import { defineSpecs } from '../../shared/spec.js';
import { EventCreate, TrackingEvent, TrackingEvents } from '../tracking/schemas.js';
import {
  DuplicateRefProblem,
  Package,
  PackageCreate,
  PackageList,
  Shipment,
  ShipmentChanges,
  ShipmentCreate,
  ShipmentCreateQuery,
  ShipmentPage,
  ShipmentSearch,
  ShipmentUpdate,
} from './schemas.js';

const tags = ['Shipments'];

export const shipmentApi = defineSpecs({
  'shipments.create': {
    summary: 'Create a shipment',
    description:
      'Creates a shipment in TO_COLLECT (a RETURN in TO_RECOVER) with its first tracking event. `ref` is unique per account. ' +
      'Rules across fields (400 naming the field): `destination.address` is required unless `method` is PICKUP; `office` is ' +
      'accepted with PICKUP only, and PICKUP requires `office` (an active office that takes parcels) and `type` DELIVERY; ' +
      "with PICKUP the address may be left out (the office's is used) or must equal the office's. " +
      '`label_ahead=true` (a desk about to print the label) starts drawing the label at once.',
    tags,
    permission: 'shipments.write',
    http: { method: 'POST', path: '/shipments' },
    input: { query: ShipmentCreateQuery, body: ShipmentCreate },
    output: Shipment,
    successStatus: 201,
    problems: { 409: DuplicateRefProblem },
  },
  'shipments.get': {
    summary: 'Get a shipment by id or code',
    description:
      "The shipment with its status, dates and `actions`. `{id}` is the numeric id or the code (any letter case); another account's shipment is 404, as if it did not exist.",
    tags,
    permission: 'shipments.read',
    http: { method: 'GET', path: '/shipments/:id' },
    input: { params: IdParams },
    output: Shipment,
  },
  'shipments.search': {
    summary: 'Search shipments',
    description:
      'Every filter applies (AND). Pages count from 1; a page past the end is empty with `last: true`. ' +
      '`date_range_max` must not be before `date_range_min` (400).',
    tags,
    permission: 'shipments.read',
    http: { method: 'GET', path: '/shipments' },
    input: { query: ShipmentSearch },
    output: ShipmentPage,
  },
  'shipments.update': {
    summary: 'Correct a shipment before its label',
    description:
      'Changes `dimensions` (any of its members: the weight read at the bench, a box’s sides), `method`, `office`, ' +
      '`content` and `notes` while the shipment has no label and is not yet collected; after that, 409 invalid_state. ' +
      "PICKUP needs an office and takes the office's address; a PICKUP shipment cannot become a home delivery (400 on " +
      '`/method`). Each correction that changes something is kept in the shipment’s history ' +
      '(`GET /shipments/{id}/changes`).',
    tags,
    permission: 'shipments.write',
    http: { method: 'PATCH', path: '/shipments/:id' },
    input: { params: IdParams, body: ShipmentUpdate },
    output: Shipment,
  },
  'shipments.changes': {
    summary: 'The corrections made to a shipment',
    description: 'Each correction (`PATCH /shipments/{id}`): when, by which credential, each field before and after.',
    tags,
    permission: 'shipments.read',
    http: { method: 'GET', path: '/shipments/:id/changes' },
    input: { params: IdParams },
    output: ShipmentChanges,
  },
  'shipments.cancel': {
    summary: 'Cancel a shipment',
    description:
      'Moves the shipment (and its packages) to CANCELED with a tracking event. Canceling a canceled shipment changes nothing; once COLLECTED or later it is 409 invalid_state.',
    tags,
    permission: 'shipments.write',
    http: { method: 'POST', path: '/shipments/:id/cancel' },
    input: { params: IdParams },
    output: Shipment,
  },
  'packages.create': {
    summary: 'Add a package to a multi-origin shipment',
    description:
      'The package is itself a shipment (readable by its code, with its own label); `twin` is the parent code, `number` counts from 1.',
    tags,
    permission: 'shipments.write',
    http: { method: 'POST', path: '/shipments/:id/packages' },
    input: { params: IdParams, body: PackageCreate },
    output: Package,
    successStatus: 201,
    problems: { 409: DuplicateRefProblem },
  },
  'packages.list': {
    summary: 'The packages of a multi-origin shipment',
    description: 'Every package of the shipment, canceled ones too, by number. A package has none.',
    tags,
    permission: 'shipments.read',
    http: { method: 'GET', path: '/shipments/:id/packages' },
    input: { params: IdParams },
    output: PackageList,
  },
  'events.list': {
    summary: 'Tracking events of a shipment',
    description:
      "The shipment's tracking events by ascending id, from the one its creation made; `date` is ISO 8601 UTC with milliseconds. Another account's shipment is 404.",
    tags: ['Tracking'],
    permission: 'events.read',
    http: { method: 'GET', path: '/shipments/:id/events' },
    input: { params: IdParams },
    output: TrackingEvents,
  },
  'events.create': {
    summary: 'Record a tracking event',
    description:
      'Moves the shipment to `status` along the allowed transitions (409 invalid_state otherwise). `receiver` is accepted on DELIVERED only.',
    tags: ['Tracking'],
    permission: 'events.write',
    http: { method: 'POST', path: '/shipments/:id/events' },
    input: { params: IdParams, body: EventCreate },
    output: TrackingEvent,
    successStatus: 201,
  },
});
