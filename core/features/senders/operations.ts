import { implement, uses } from '../../platform/operations/types.js';
import type { SenderService } from './service.js';
import { senderApi } from './api.js';

const used = uses<{ senders: SenderService }>({ senders: true });

export const senderOperations = implement(senderApi, used, {
  'senders.list': async ({ principal, services }) => ({ data: await services.senders.list(principal.accountId) }),
  'senders.create': ({ principal, services }, { body }) => services.senders.create(principal.accountId, body),
  'senders.update': ({ principal, services }, { params, body }) =>
    services.senders.update(principal.accountId, Number(params.id), body),
  'senders.delete': ({ principal, services }, { params }) =>
    services.senders.delete(principal.accountId, Number(params.id)),
});
