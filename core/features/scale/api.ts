import { defineSpecs } from '../../shared/spec.js';
import { ScaleDevices, ScaleReading } from './schemas.js';

const tags = ['Scale'];

/** The bench scale. Its setting is a station setting (`PUT /station/settings` with `scale`). */
export const scaleApi = defineSpecs({
  'scale.read': {
    summary: "The station's scale, now",
    description:
      'The weight on the configured scale: `weight_kg`, `stable`, `state` (ok, unstable, overload, under_zero, ' +
      'disconnected with the `reason`). A scale that went quiet for 1.5 s reads disconnected.',
    tags,
    permission: 'shipments.read',
    http: { method: 'GET', path: '/scale' },
    input: {},
    output: ScaleReading,
  },
  'scale.devices': {
    summary: 'Find scales',
    description:
      'USB HID POS scales (usage page 0x8D, or a scale maker’s id) and serial ports the OS can list, to choose the ' +
      'scale setting from. A kind the OS cannot be asked about here is listed in `unavailable` with the reason.',
    tags,
    permission: 'station.admin',
    http: { method: 'GET', path: '/scale/devices' },
    input: {},
    output: ScaleDevices,
  },
});
