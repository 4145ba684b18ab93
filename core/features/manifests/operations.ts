import { implement, uses } from '../../platform/operations/types.js';
import type { ManifestService } from './service.js';
import { manifestApi } from './api.js';

const used = uses<{ manifests: ManifestService }>({ manifests: true });

export const manifestOperations = implement(manifestApi, used, {
  'manifests.create': ({ principal, services, baseUrl }, { body }) =>
    services.manifests.create(principal.accountId, body.codes, baseUrl),
  'manifests.get': ({ principal, services, baseUrl }, { params }) =>
    services.manifests.get(principal.accountId, Number(params.id), baseUrl),
});
