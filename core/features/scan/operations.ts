import { implement } from '../../platform/operations/types.js';
import { scanApi } from './api.js';

export const scanOperations = implement(scanApi, {
  'scan.resolve': ({ principal, services }, { query }) => services.scan(principal.accountId, query.value),
});
