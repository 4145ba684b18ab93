import { implement, uses } from '../../platform/operations/types.js';
import type { AuthService } from './service.js';
import { authApi } from './api.js';

const used = uses<{ auth: AuthService }>({ auth: true });

export const authOperations = implement(authApi, used, {
  'tokens.list': ({ principal, services }) => services.auth.listTokens(principal.accountId),
  'tokens.get': ({ principal, services }, { params }) => services.auth.tokenOf(principal.accountId, Number(params.id)),
  'tokens.current': ({ principal, services }) => services.auth.currentToken(principal),
  'tokens.create': async ({ principal, services }, { body }) => {
    const { token, info } = await services.auth.createTokenFor(principal, body);
    return { ...info, token };
  },
  'tokens.revoke': ({ principal, services }, { params }) =>
    services.auth.revokeToken(principal.accountId, Number(params.id), principal),
  'accounts.create': async ({ services }, { body }) => {
    const { id, name } = await services.auth.createAccount(body.name);
    return { id, name };
  },
  'accounts.list': async ({ services }) => (await services.auth.accounts()).map(({ id, name }) => ({ id, name })),
});
