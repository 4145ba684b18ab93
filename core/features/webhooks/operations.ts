import { implement, uses } from '../../platform/operations/types.js';
import type { WebhookService } from './service.js';
import { webhookApi } from './api.js';

const used = uses<{ webhooks: WebhookService }>({ webhooks: true });

export const webhookOperations = implement(webhookApi, used, {
  'webhooks.create': ({ principal, services }, { body }) => services.webhooks.create(principal.accountId, body),
  'webhooks.list': ({ principal, services }) => services.webhooks.list(principal.accountId),
  'webhooks.get': ({ principal, services }, { params }) => services.webhooks.get(principal.accountId, params.id),
  'webhooks.update': ({ principal, services }, { params, body }) =>
    services.webhooks.update(principal.accountId, params.id, body),
  'webhooks.patch': ({ principal, services }, { params, body }) =>
    services.webhooks.patch(principal.accountId, params.id, body),
  'webhooks.delete': ({ principal, services }, { params }) => services.webhooks.remove(principal.accountId, params.id),
  'webhooks.rotate': ({ principal, services }, { params }) => services.webhooks.rotate(principal.accountId, params.id),
  'webhooks.deliveries': ({ principal, services }, { params, query }) =>
    services.webhooks.deliveries(principal.accountId, params.id, query),
  'webhooks.retry': ({ principal, services }, { params }) =>
    services.webhooks.retry(principal.accountId, params.id, params.delivery_id),
  'webhooks.test': ({ principal, services }, { params }) => services.webhooks.test(principal.accountId, params.id),
});
