import { Type, type Static } from '@sinclair/typebox';
import { Address, Contact, RequiredText } from '../schemas/common.js';

const senderFields = {
  label: RequiredText('What the desk shows to pick this sender, unique per account'),
  is_default: Type.Boolean({ description: 'The sender of new shipments; making one default un-defaults the others' }),
  contact: Contact,
  address: Address,
};

export const Sender = Type.Object({ id: Type.Integer(), ...senderFields });
export type SenderT = Static<typeof Sender>;

export const SenderList = Type.Object({
  data: Type.Array(Sender, { description: 'The default first, then by label' }),
});

export const SenderCreate = Type.Object(
  {
    ...senderFields,
    is_default: Type.Optional(
      Type.Boolean({
        description: 'Make it the default; false when absent, but the first sender is the default anyway',
      }),
    ),
  },
  { additionalProperties: false },
);
export type SenderCreateT = Static<typeof SenderCreate>;

export const SenderUpdate = Type.Object(senderFields, { additionalProperties: false });
export type SenderUpdateT = Static<typeof SenderUpdate>;
