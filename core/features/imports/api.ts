import { defineSpecs } from '../../shared/spec.js';
import { Deleted } from '../../platform/schemas/common.js';
import {
  IMPORT_MAX_BYTES,
  ImportMapping,
  ImportMappingInput,
  ImportMappingList,
  ImportProgress,
  ImportProgressParams,
  ImportResult,
  MappingParams,
  ShipmentImport,
} from './schemas.js';

const tags = ['Order imports'];

export const importApi = defineSpecs({
  'shipments.import': {
    summary: 'Import orders as shipments waiting for their label',
    description:
      'Each order of the file (a Tiendanube, WooCommerce "Advanced Order Export", Mercado Libre "Ventas" or VTEX ' +
      '"Order report" export, a CSV whose headers are the contract’s field paths, or a saved mapping’s file) becomes a ' +
      'shipment: `ref` the order number, `platform` set, the receiver from the order, the default sender, the box of ' +
      '`preset`, and the order’s weight, else the preset’s; with neither, `dimensions.weight` is null: the parcel is ' +
      'weighed (PATCH) before its label, which is refused until then. The rows of one order make one shipment. An ' +
      'order whose ref the ' +
      'account has already is skipped (a file imported twice creates nothing the second time). Any bad row imports ' +
      'nothing: the 400 lists each in `rows` (row, column, field, reason). `dry_run` answers the same and writes ' +
      `nothing. The body may be up to ${IMPORT_MAX_BYTES / 1024 / 1024} MiB.`,
    tags,
    permission: 'shipments.write',
    http: { method: 'POST', path: '/shipments/import' },
    input: { body: ShipmentImport },
    output: ImportResult,
    maxBodyBytes: IMPORT_MAX_BYTES + 1024 * 1024,
  },
  'shipments.importProgress': {
    summary: 'How far an import is',
    description:
      'The import sent with this `import_id` by this account, while it runs and ten minutes after: its phase and counts.',
    tags,
    permission: 'shipments.write',
    http: { method: 'GET', path: '/imports/:import_id' },
    input: { params: ImportProgressParams },
    output: ImportProgress,
  },
  'importMappings.list': {
    summary: 'Import mappings',
    description: "The account's saved mappings (columns → fields) and the built-in ones.",
    tags,
    permission: 'shipments.read',
    http: { method: 'GET', path: '/import-mappings' },
    input: {},
    output: ImportMappingList,
  },
  'importMappings.save': {
    summary: 'Save an import mapping by name',
    description: 'Creates or replaces the account’s mapping of that name; `fields.ref` is the order-number column.',
    tags,
    permission: 'shipments.write',
    http: { method: 'PUT', path: '/import-mappings/:name' },
    input: { params: MappingParams, body: ImportMappingInput },
    output: ImportMapping,
  },
  'importMappings.delete': {
    summary: 'Remove a saved import mapping',
    tags,
    permission: 'shipments.write',
    http: { method: 'DELETE', path: '/import-mappings/:name' },
    input: { params: MappingParams },
    output: Deleted,
  },
});
