import type { Permission } from '../../core/schemas/codes.js';
import type { Station } from '../helpers/station.js';

/**
 * An account and a token made through the in-process station's services: the same rows as
 * `station account create` + `station token create`, without spawning two CLI processes per token.
 */
export function directToken(s: Station, account: string, permissions: Permission[]): string {
  const auth = s.core!.services.auth;
  const acc = auth.createAccount(account);
  return auth.createToken({ account: acc.id, name: 'test', permissions }).token;
}
