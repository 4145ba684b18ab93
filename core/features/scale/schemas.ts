import { Type, type Static } from '@sinclair/typebox';
import { Nullable, StringEnum } from '../../platform/schemas/common.js';
import { PROTOCOLS, SCALE_STATES } from './protocols.js';
import { named } from '../../shared/schemas/named.js';

export const ScaleConfig = named(
  'ScaleConfig',
  Type.Object(
    {
      device: Type.String({
        minLength: 1,
        maxLength: 500,
        description: 'A serial port (/dev/ttyUSB0, COM3) or a USB HID path, as GET /scale/devices lists them',
      }),
      protocol: StringEnum(
        PROTOCOLS,
        'nci (NCI/Brecknell `W`), mt-sics (Mettler Toledo `SI`), continuous (CAS-style `ST,GS,…kg` lines), hid-pos (USB HID POS scale)',
      ),
      baud_rate: Type.Optional(
        Type.Integer({
          enum: [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200],
          description: 'Serial speed; 9600 when absent',
        }),
      ),
      data_bits: Type.Optional(
        Type.Integer({ enum: [7, 8], description: "Default: the protocol's (NCI 7, others 8)" }),
      ),
      parity: Type.Optional(
        StringEnum(['none', 'even', 'odd'] as const, "Default: the protocol's (NCI even, others none)"),
      ),
      stop_bits: Type.Optional(Type.Integer({ enum: [1, 2], description: '1 when absent' })),
    },
    { additionalProperties: false, examples: [{ device: '/dev/ttyUSB0', protocol: 'nci' }] },
  ),
);
export type ScaleConfigT = Static<typeof ScaleConfig>;

export const ScaleReading = named(
  'ScaleReading',
  Type.Object({
    weight_kg: Nullable(Type.Number({ description: 'The weight in kilograms (null when there is none)' })),
    stable: Type.Boolean({ description: 'The scale says the weight has settled' }),
    state: StringEnum(SCALE_STATES, 'ok, unstable (moving), overload, under_zero, or disconnected (see `reason`)'),
    weight: Nullable(Type.Number({ description: 'The weight in the unit the scale shows' })),
    unit: Nullable(StringEnum(['kg', 'g', 'lb', 'oz'] as const)),
    device: Nullable(Type.String({ description: 'The configured device (null: no scale configured)' })),
    protocol: Nullable(StringEnum(PROTOCOLS)),
    reason: Nullable(Type.String({ description: 'Why there is no reading, when disconnected' })),
    read_at: Nullable(Type.String({ format: 'date-time', description: 'When the scale said it, UTC' })),
  }),
);
export type ScaleReadingT = Static<typeof ScaleReading>;

export const ScaleDevices = named(
  'ScaleDevices',
  Type.Object({
    data: Type.Array(
      Type.Object({
        kind: StringEnum(['serial', 'hid'] as const),
        path: Type.String({ description: 'What the scale setting’s `device` takes' }),
        name: Type.String(),
        likely_scale: Type.Boolean({ description: 'A USB POS scale; a serial port may or may not have one' }),
        protocol: StringEnum(PROTOCOLS, 'The protocol to try first'),
      }),
    ),
    unavailable: Type.Array(Type.Object({ kind: Type.String(), reason: Type.String() }), {
      description: 'Kinds of device the OS could not be asked about here, and why',
    }),
  }),
);
