import { implement } from '../../platform/operations/types.js';
import { scaleApi } from './api.js';

export const scaleOperations = implement(scaleApi, {
  'scale.read': ({ services }) => services.scale.read(),
  'scale.devices': ({ services }) => services.scale.devices(),
});
