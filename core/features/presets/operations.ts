import { implement, uses } from '../../platform/operations/types.js';
import type { PresetService } from './service.js';
import { presetApi } from './api.js';

const used = uses<{ presets: PresetService }>({ presets: true });

export const presetOperations = implement(presetApi, used, {
  'presets.list': async ({ principal, services }) => ({ data: await services.presets.list(principal.accountId) }),
  'presets.create': ({ principal, services }, { body }) => services.presets.create(principal.accountId, body),
  'presets.update': ({ principal, services }, { params, body }) =>
    services.presets.update(principal.accountId, Number(params.id), body),
  'presets.delete': ({ principal, services }, { params }) =>
    services.presets.delete(principal.accountId, Number(params.id)),
});
