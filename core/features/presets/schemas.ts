import { Type, type Static } from '@sinclair/typebox';
import { Measure, RequiredText } from '../../platform/schemas/common.js';
import { named } from '../../shared/schemas/named.js';

const presetFields = {
  name: RequiredText('What the desk shows, e.g. "Caja mediana"'),
  key: Type.String({
    pattern: '^[a-z0-9]$',
    description: "The desk's hotkey for this preset: one character a-z or 0-9, unique per account",
    'x-error': 'must be one character a-z or 0-9',
    'x-format': 'preset_key',
  }),
  length: Measure('centimetres'),
  width: Measure('centimetres'),
  height: Measure('centimetres'),
  weight: Type.Optional(Measure('kilograms, when every parcel of this box weighs the same')),
};

export const Preset = named('Preset', Type.Object({ id: Type.Integer(), ...presetFields }));
export type PresetT = Static<typeof Preset>;

export const PresetList = named('PresetList', Type.Object({ data: Type.Array(Preset, { description: 'By key' }) }));

/** Creating and replacing take the same fields. */
export const PresetInput = named('PresetInput', Type.Object(presetFields, { additionalProperties: false }));
export type PresetInputT = Static<typeof PresetInput>;
