import { defineSpecs } from '../../shared/spec.js';
import { Manifest, ManifestCreate, ManifestParams } from './schemas.js';

const tags = ['Manifests'];

export const manifestApi = defineSpecs({
  'manifests.create': {
    summary: 'Hand shipments over to the carrier (end-of-day manifest)',
    description:
      'Moves every listed shipment TO_COLLECT → COLLECTED in one transaction and returns the manifest with a link to its PDF for the driver to sign. A shipment in another state is 409 invalid_state naming it, and nothing moves.',
    tags,
    permission: 'shipments.write',
    http: { method: 'POST', path: '/manifests' },
    input: { body: ManifestCreate },
    output: Manifest,
    successStatus: 201,
  },
  'manifests.get': {
    summary: 'Get a manifest',
    description: 'The manifest again, with a fresh link to its PDF.',
    tags,
    permission: 'shipments.read',
    http: { method: 'GET', path: '/manifests/:id' },
    input: { params: ManifestParams },
    output: Manifest,
  },
});
