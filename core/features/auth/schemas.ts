import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Permission } from '../../platform/schemas/common.js';
import { named } from '../../shared/schemas/named.js';

const Iso = Type.String({ format: 'date-time' });

/** A token as listed: never its secret. */
const tokenFields = Type.Object({
  id: Type.Integer(),
  account: Type.Integer(),
  name: Type.String(),
  prefix: Type.String({ description: 'The first characters of the token, to tell tokens apart' }),
  permissions: Type.Array(Permission),
  created_at: Iso,
  expires_at: Nullable(Iso),
  revoked_at: Nullable(Iso),
  last_used_at: Nullable(Iso),
  made_by: Nullable(Type.Integer({ description: 'The token that made this one; it ends when that token ends' })),
});

export const TokenInfo = named('Token', tokenFields);
export type TokenInfoT = Static<typeof TokenInfo>;

export const TokenCreate = named(
  'TokenCreate',
  Type.Object(
    {
      name: Type.String({ minLength: 1, maxLength: 200, 'x-error': 'must be 1 to 200 characters' }),
      permissions: Type.Array(Permission, { minItems: 1, uniqueItems: true }),
      expires_in_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
    },
    { additionalProperties: false },
  ),
);

export const TokenCreated = named(
  'TokenCreated',
  Type.Composite([tokenFields, Type.Object({ token: Type.String({ description: 'Shown only in this answer' }) })]),
);

export const TokenParams = Type.Object(
  { id: Type.String({ pattern: '^[0-9]{1,15}$', 'x-error': 'must be a token id', 'x-format': 'id' }) },
  { additionalProperties: false },
);

export const Account = named('Account', Type.Object({ id: Type.Integer(), name: Type.String() }));
export const AccountCreate = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 200,
      pattern: '\\D',
      'x-error': 'must be 1 to 200 characters, not only digits',
      'x-format': 'account_name',
    }),
  },
  { additionalProperties: false },
);
