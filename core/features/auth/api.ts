import { Type } from '@sinclair/typebox';
import { defineSpecs } from '../../shared/spec.js';
import { Account, AccountCreate, TokenCreate, TokenCreated, TokenInfo, TokenParams } from './schemas.js';

const tags = ['Credentials'];

/**
 * The account console's credentials section as operations. A token may only hand out permissions it holds, and
 * a new token never outlives the one that made it, so managing credentials never widens what a leaked token can do.
 * Accounts are the owner's: they have no HTTP route.
 */
export const authApi = defineSpecs({
  'tokens.list': {
    summary: "List the account's access tokens (never their secret)",
    description:
      'Every token of the account, revoked and expired ones too, with its permissions, expiry and the token that made it (`made_by`); never a secret.',
    tags,
    permission: 'tokens.write',
    http: { method: 'GET', path: '/tokens' },
    input: {},
    output: Type.Array(TokenInfo),
  },
  'tokens.get': {
    summary: 'Get one access token of the account (never its secret)',
    description: "One token of the account by id, never its secret; another account's is 404.",
    tags,
    permission: 'tokens.write',
    http: { method: 'GET', path: '/tokens/:id' },
    input: { params: TokenParams },
    output: TokenInfo,
  },
  'tokens.current': {
    summary: 'The token making this request',
    description:
      'So that a console can tell which token it must not revoke without warning (it would sign itself out).',
    tags,
    permission: 'tokens.write',
    http: { method: 'GET', path: '/tokens/current' },
    input: {},
    output: TokenInfo,
  },
  'tokens.create': {
    summary: 'Create an access token; the answer is the only time it is shown',
    description:
      'A token grants only permissions its maker holds, never outlives its maker and ends with it (`made_by`). Its secret (`sspat_…`) is in this answer only: the station keeps its SHA-256.',
    tags,
    permission: 'tokens.write',
    http: { method: 'POST', path: '/tokens' },
    input: { body: TokenCreate },
    output: TokenCreated,
    successStatus: 201,
  },
  'tokens.revoke': {
    summary: 'Revoke an access token at once',
    description:
      'Revokes the token and every token made with it, transitively. A caller may revoke only a token whose permissions it holds all of (403 otherwise).',
    tags,
    permission: 'tokens.write',
    http: { method: 'POST', path: '/tokens/:id/revoke' },
    input: { params: TokenParams },
    output: TokenInfo,
  },
  'accounts.create': {
    summary: 'Create an account of this station',
    tags,
    permission: 'owner',
    http: null,
    input: { body: AccountCreate },
    output: Account,
  },
  'accounts.list': {
    summary: "The station's accounts",
    tags,
    permission: 'owner',
    http: null,
    input: {},
    output: Type.Array(Account),
  },
});
