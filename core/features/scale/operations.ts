import { implement, uses } from '../../platform/operations/types.js';
import type { ScaleService } from './service.js';
import { scaleApi } from './api.js';

const used = uses<{ scale: ScaleService }>({ scale: true });

export const scaleOperations = implement(scaleApi, used, {
  'scale.read': ({ services }) => services.scale.read(),
  'scale.devices': ({ services }) => services.scale.devices(),
});
