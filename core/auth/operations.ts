import { implement } from '../operations/types.js';
import { authApi } from './api.js';

export const authOperations = implement(authApi, {
  'tokens.list': ({ principal, services }) => services.auth.listTokens(principal.accountId),
  'tokens.get': ({ principal, services }, { params }) => services.auth.tokenOf(principal.accountId, Number(params.id)),
  'tokens.current': ({ principal, services }) => services.auth.currentToken(principal),
  'tokens.create': ({ principal, services }, { body }) => {
    const { token, info } = services.auth.createTokenFor(principal, body);
    return { ...info, token };
  },
  'tokens.revoke': ({ principal, services }, { params }) =>
    services.auth.revokeToken(principal.accountId, Number(params.id), principal),
  'accounts.create': ({ services }, { body }) => {
    const { id, name } = services.auth.createAccount(body.name);
    return { id, name };
  },
  'accounts.list': ({ services }) => services.auth.accounts().map(({ id, name }) => ({ id, name })),
});
