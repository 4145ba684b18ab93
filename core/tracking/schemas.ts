import { Type, type Static } from '@sinclair/typebox';
import { StringEnum, Text } from '../schemas/common.js';
import { ISSUES, STATUSES, SUB_STATUSES } from '../schemas/codes.js';

const Receiver = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 500 }), identification: Type.Optional(Text()) },
  { additionalProperties: false, description: 'Who received the parcel at the address' },
);

export const EventCreate = Type.Object(
  {
    status: StringEnum(STATUSES, 'The state the shipment moves to'),
    sub_status: Type.Optional(StringEnum(SUB_STATUSES)),
    issue: Type.Optional(StringEnum(ISSUES)),
    receiver: Type.Optional(Receiver),
  },
  { additionalProperties: false },
);
export type EventCreateT = Static<typeof EventCreate>;

export const TrackingEvent = Type.Object({
  id: Type.Integer(),
  date: Type.String({ format: 'date-time', description: 'ISO 8601 UTC with milliseconds' }),
  status: StringEnum(STATUSES),
  sub_status: Type.Optional(StringEnum(SUB_STATUSES)),
  issue: Type.Optional(StringEnum(ISSUES)),
  receiver: Type.Optional(Receiver),
});
export type TrackingEventT = Static<typeof TrackingEvent>;

export const TrackingEvents = Type.Array(TrackingEvent);
