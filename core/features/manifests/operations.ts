import { implement } from '../../platform/operations/types.js';
import { manifestApi } from './api.js';

export const manifestOperations = implement(manifestApi, {
  'manifests.create': ({ principal, services, baseUrl }, { body }) =>
    services.manifests.create(principal.accountId, body.codes, baseUrl),
  'manifests.get': ({ principal, services, baseUrl }, { params }) =>
    services.manifests.get(principal.accountId, Number(params.id), baseUrl),
});
