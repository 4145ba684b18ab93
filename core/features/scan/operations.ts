import { implement, uses } from '../../platform/operations/types.js';
import type { ScanResolver } from './resolve.js';
import { scanApi } from './api.js';

const used = uses<{ scan: ScanResolver }>({ scan: true });

export const scanOperations = implement(scanApi, used, {
  'scan.resolve': ({ principal, services }, { query }) => services.scan(principal.accountId, query.value),
});
