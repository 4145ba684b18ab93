import { implement, uses } from '../../platform/operations/types.js';
import type { PrintingService } from './service.js';
import { printingApi } from './api.js';

const used = uses<{ printing: PrintingService }>({ printing: true });

export const printingOperations = implement(printingApi, used, {
  'printers.list': ({ principal, services }) => services.printing.printers(principal.accountId),
  // A token may point printers only where printers live; the owner (the `station` command) anywhere.
  'printers.create': ({ principal, services }, { body }) =>
    services.printing.createPrinter(principal.accountId, body, { owner: principal.owner }),
  'printers.discover': ({ services }) => services.printing.discover(),
  'printers.get': ({ principal, services }, { params }) => services.printing.printer(principal.accountId, params.name),
  'printers.update': ({ principal, services }, { params, body }) =>
    services.printing.updatePrinter(principal.accountId, params.name, body, { owner: principal.owner }),
  'printers.delete': ({ principal, services }, { params }) =>
    services.printing.deletePrinter(principal.accountId, params.name),
  'printers.test': ({ principal, services }, { params }) =>
    services.printing.testPrinter(principal.accountId, params.name),
  'printers.status': ({ principal, services }, { params }) =>
    services.printing.status(principal.accountId, params.name),
  'printJobs.create': ({ principal, services }, { body }) => services.printing.submit(principal.accountId, body),
  'printJobs.list': ({ principal, services }, { query }) => services.printing.jobs(principal.accountId, query),
  'printJobs.attention': ({ principal, services }, { query }) =>
    services.printing.attention(principal.accountId, query.seen, query.wait_ms ?? 0),
  'printJobs.get': ({ principal, services }, { params, query }) =>
    services.printing.jobChange(
      principal.accountId,
      params.id,
      { state: query.seen_state, done: query.seen_done, attempts: query.seen_attempts, outcome: query.outcome },
      query.wait_ms ?? 0,
    ),
  'printJobs.retry': ({ principal, services }, { params }) => services.printing.retry(principal.accountId, params.id),
  'printJobs.cancel': ({ principal, services }, { params }) => services.printing.cancel(principal.accountId, params.id),
  'printJobs.confirm': ({ principal, services }, { params }) =>
    services.printing.confirm(principal.accountId, params.id),
  'printJobs.printAgain': ({ principal, services }, { params }) =>
    services.printing.printAgain(principal.accountId, params.id),
  'printJobs.move': ({ principal, services }, { params, body }) =>
    services.printing.move(principal.accountId, params.id, body),
});
