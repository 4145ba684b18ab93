import { Type } from '@sinclair/typebox';
import { defineOperation } from '../operations/types.js';
import { TokenCreate, TokenCreated, TokenInfo, TokenParams } from './schemas.js';

const tags = ['Credentials'];

/**
 * The account console's credentials section as operations. A token may only hand out permissions it holds, and
 * a new token never outlives the one that made it, so managing credentials never widens what a leaked token can do.
 */
export const tokenOperations = [
  defineOperation({
    name: 'tokens.list',
    summary: "List the account's access tokens (never their secret)",
    tags,
    permission: 'tokens.write',
    input: {},
    output: Type.Array(TokenInfo),
    handler: ({ principal, services }) => services.auth.listTokens(principal.accountId),
  }),
  defineOperation({
    name: 'tokens.create',
    summary: 'Create an access token; the answer is the only time it is shown',
    tags,
    permission: 'tokens.write',
    input: { body: TokenCreate },
    output: TokenCreated,
    successStatus: 201,
    handler: ({ principal, services }, { body }) => {
      const { token, info } = services.auth.createTokenFor(principal, body);
      return { ...info, token };
    },
  }),
  defineOperation({
    name: 'tokens.revoke',
    summary: 'Revoke an access token at once',
    tags,
    permission: 'tokens.write',
    input: { params: TokenParams },
    output: TokenInfo,
    handler: ({ principal, services }, { params }) => services.auth.revokeToken(principal.accountId, Number(params.id)),
  }),
];
