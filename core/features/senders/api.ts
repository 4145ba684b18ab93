import { defineSpecs } from '../../shared/spec.js';
import { Deleted, RowIdParams } from '../../platform/schemas/common.js';
import { Sender, SenderCreate, SenderList, SenderUpdate } from './schemas.js';

const tags = ['Senders'];

/** The account's senders: the origin a desk puts on new shipments, one of them the default. */
export const senderApi = defineSpecs({
  'senders.list': {
    summary: "The account's senders",
    description:
      "The default first. An account without senders gets one made from the active rate card's origin, as its default, so that a new desk has a sender at once.",
    tags,
    permission: 'shipments.read',
    http: { method: 'GET', path: '/senders' },
    input: {},
    output: SenderList,
  },
  'senders.create': {
    summary: 'Add a sender',
    description: 'Making it the default un-defaults the others; the first sender of an account is the default.',
    tags,
    permission: 'shipments.write',
    http: { method: 'POST', path: '/senders' },
    input: { body: SenderCreate },
    output: Sender,
    successStatus: 201,
  },
  'senders.update': {
    summary: 'Replace a sender',
    description:
      'Making it the default un-defaults the others. The default stays default until another is made default (400 on `/is_default`).',
    tags,
    permission: 'shipments.write',
    http: { method: 'PUT', path: '/senders/:id' },
    input: { params: RowIdParams, body: SenderUpdate },
    output: Sender,
  },
  'senders.delete': {
    summary: 'Remove a sender',
    description:
      "Shipments keep the origin they were created with. Deleting the default makes the first remaining sender (by label) the default; the account's only sender cannot be deleted (409 invalid_state).",
    tags,
    permission: 'shipments.write',
    http: { method: 'DELETE', path: '/senders/:id' },
    input: { params: RowIdParams },
    output: Deleted,
  },
});
