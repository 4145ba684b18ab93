import { implement, uses } from '../../platform/operations/types.js';
import type { ImportService } from './service.js';
import { importApi } from './api.js';

const used = uses<{ imports: ImportService }>({ imports: true });

export const importOperations = implement(importApi, used, {
  'shipments.import': ({ principal, services }, { body }) => services.imports.run(principal.accountId, body),
  'shipments.importProgress': ({ principal, services }, { params }) =>
    services.imports.progress(principal.accountId, params.import_id),
  'importMappings.list': ({ principal, services }) => services.imports.mappings(principal.accountId),
  'importMappings.save': ({ principal, services }, { params, body }) =>
    services.imports.saveMapping(principal.accountId, params.name, body),
  'importMappings.delete': ({ principal, services }, { params }) =>
    services.imports.deleteMapping(principal.accountId, params.name),
});
