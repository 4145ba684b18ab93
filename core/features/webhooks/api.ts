import { defineSpecs } from '../../shared/spec.js';
import {
  DeliveryParams,
  DeliveryQuery,
  Webhook,
  WebhookCreate,
  WebhookDeleted,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookList,
  WebhookParams,
  WebhookPatch,
  WebhookUpdate,
  WebhookWithSecret,
} from './schemas.js';

const tags = ['Webhooks'];

export const webhookApi = defineSpecs({
  'webhooks.create': {
    summary: 'Register a webhook endpoint',
    description:
      'Messages of the listed event types are POSTed to `url`, signed by the Standard Webhooks specification (`webhook-id`, `webhook-timestamp`, `webhook-signature`). The answer carries the signing `secret`, shown only here and on rotation.',
    tags,
    permission: 'webhooks.write',
    http: { method: 'POST', path: '/webhooks' },
    input: { body: WebhookCreate },
    output: WebhookWithSecret,
    successStatus: 201,
  },
  'webhooks.list': {
    summary: "The account's webhook endpoints",
    description: "The account's endpoints, oldest first, without their secrets.",
    tags,
    permission: 'webhooks.write',
    http: { method: 'GET', path: '/webhooks' },
    input: {},
    output: WebhookList,
  },
  'webhooks.get': {
    summary: 'A webhook endpoint',
    description: "One endpoint of the account, without its secret; another account's is 404.",
    tags,
    permission: 'webhooks.write',
    http: { method: 'GET', path: '/webhooks/:id' },
    input: { params: WebhookParams },
    output: Webhook,
  },
  'webhooks.update': {
    summary: 'Replace a webhook endpoint',
    description:
      'Replaces its URL (checked as on create), events and description (left out: none), so `url` and `events` are required; `enabled: true` sends again after a 410 disabled it, and what waited is sent. `PATCH` changes some members only.',
    tags,
    permission: 'webhooks.write',
    http: { method: 'PUT', path: '/webhooks/:id' },
    input: { params: WebhookParams, body: WebhookUpdate },
    output: Webhook,
  },
  'webhooks.patch': {
    summary: 'Change some members of a webhook endpoint',
    description:
      'Changes only the members sent (`url`, checked as on create, `events`, `description`, `enabled`), e.g. `{"enabled": true}` to send again after a 410 disabled it, and what waited is sent.',
    tags,
    permission: 'webhooks.write',
    http: { method: 'PATCH', path: '/webhooks/:id' },
    input: { params: WebhookParams, body: WebhookPatch },
    output: Webhook,
  },
  'webhooks.delete': {
    summary: 'Remove a webhook endpoint',
    description: 'Removes the endpoint and its deliveries; nothing more is sent to it.',
    tags,
    permission: 'webhooks.write',
    http: { method: 'DELETE', path: '/webhooks/:id' },
    input: { params: WebhookParams },
    output: WebhookDeleted,
  },
  'webhooks.rotate': {
    summary: "Rotate a webhook endpoint's secret",
    description:
      'A new secret, shown in the answer; the previous one keeps signing beside it (a second `v1,` signature in `webhook-signature`) for 24 hours, so a receiver can switch without losing a message.',
    tags,
    permission: 'webhooks.write',
    http: { method: 'POST', path: '/webhooks/:id/rotate' },
    input: { params: WebhookParams },
    output: WebhookWithSecret,
  },
  'webhooks.deliveries': {
    summary: "A webhook endpoint's deliveries",
    description:
      'Newest first: each message with its state (pending, delivered, failed), attempts, the last status or error, and when it is tried next.',
    tags,
    permission: 'webhooks.write',
    http: { method: 'GET', path: '/webhooks/:id/deliveries' },
    input: { params: WebhookParams, query: DeliveryQuery },
    output: WebhookDeliveryPage,
  },
  'webhooks.retry': {
    summary: 'Send a delivery again',
    description:
      'Due at once, with the same `webhook-id`; a failed delivery gets the retry schedule again. Its attempts so far are kept.',
    tags,
    permission: 'webhooks.write',
    http: { method: 'POST', path: '/webhooks/:id/deliveries/:delivery_id/retry' },
    input: { params: DeliveryParams },
    output: WebhookDelivery,
    successStatus: 202,
  },
  'webhooks.test': {
    summary: 'Send a test event',
    description:
      'A `webhook.test` message to this endpoint alone, whatever it subscribes to, delivered and retried like any other; the answer is its delivery.',
    tags,
    permission: 'webhooks.write',
    http: { method: 'POST', path: '/webhooks/:id/test' },
    input: { params: WebhookParams },
    output: WebhookDelivery,
    successStatus: 202,
  },
});
