import { Type, type Static } from '@sinclair/typebox';
import { Address, Contact, RequiredText } from '../../platform/schemas/common.js';
import { named } from '../../shared/schemas/named.js';

const senderFields = {
  label: RequiredText('What the desk shows to pick this sender, unique per account'),
  is_default: Type.Boolean({ description: 'The sender of new shipments; making one default un-defaults the others' }),
  contact: Contact,
  address: Address,
};

export const Sender = named('Sender', Type.Object({ id: Type.Integer(), ...senderFields }));
export type SenderT = Static<typeof Sender>;

export const SenderList = named(
  'SenderList',
  Type.Object({
    data: Type.Array(Sender, { description: 'The default first, then by label' }),
  }),
);

export const SenderCreate = named(
  'SenderCreate',
  Type.Object(
    {
      ...senderFields,
      is_default: Type.Optional(
        Type.Boolean({
          description: 'Make it the default; false when absent, but the first sender is the default anyway',
        }),
      ),
    },
    { additionalProperties: false },
  ),
);
export type SenderCreateT = Static<typeof SenderCreate>;

export const SenderUpdate = named('SenderUpdate', Type.Object(senderFields, { additionalProperties: false }));
export type SenderUpdateT = Static<typeof SenderUpdate>;
