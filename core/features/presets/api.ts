import { defineSpecs } from '../../shared/spec.js';
import { Deleted, RowIdParams } from '../../platform/schemas/common.js';
import { Preset, PresetInput, PresetList } from './schemas.js';

const tags = ['Package presets'];

/** Saved box sizes of the account; the desk fills a parcel's dimensions from one chosen by its key. */
export const presetApi = defineSpecs({
  'presets.list': {
    summary: "The account's package presets",
    description: "The account's package presets, by key.",
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
    description:
      "Replaces a preset of the account; its key stays unique per account (400 naming `/key`). Another account's is 404.",
    tags,
    permission: 'shipments.write',
    http: { method: 'PUT', path: '/presets/:id' },
    input: { params: RowIdParams, body: PresetInput },
    output: Preset,
  },
  'presets.delete': {
    summary: 'Remove a package preset',
    description: "Removes a preset of the account; another account's is 404.",
    tags,
    permission: 'shipments.write',
    http: { method: 'DELETE', path: '/presets/:id' },
    input: { params: RowIdParams },
    output: Deleted,
  },
});
