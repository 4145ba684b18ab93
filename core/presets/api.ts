import { defineSpecs } from '../operations/spec.js';
import { Deleted, RowIdParams } from '../schemas/common.js';
import { Preset, PresetInput, PresetList } from './schemas.js';

const tags = ['Package presets'];

/** Saved box sizes of the account; the desk fills a parcel's dimensions from one chosen by its key. */
export const presetApi = defineSpecs({
  'presets.list': {
    summary: "The account's package presets",
    tags,
    permission: 'shipments.read',
    http: { method: 'GET', path: '/presets' },
    input: {},
    output: PresetList,
  },
  'presets.create': {
    summary: 'Save a package preset',
    description: 'A key another preset of the account holds is 400 on `/key`.',
    tags,
    permission: 'shipments.write',
    http: { method: 'POST', path: '/presets' },
    input: { body: PresetInput },
    output: Preset,
    successStatus: 201,
  },
  'presets.update': {
    summary: 'Replace a package preset',
    tags,
    permission: 'shipments.write',
    http: { method: 'PUT', path: '/presets/:id' },
    input: { params: RowIdParams, body: PresetInput },
    output: Preset,
  },
  'presets.delete': {
    summary: 'Remove a package preset',
    tags,
    permission: 'shipments.write',
    http: { method: 'DELETE', path: '/presets/:id' },
    input: { params: RowIdParams },
    output: Deleted,
  },
});
