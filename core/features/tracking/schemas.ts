import { Type, type Static } from '@sinclair/typebox';
import { Issue, Status, SubStatus, Text } from '../../platform/schemas/common.js';
import { described, named } from '../../shared/schemas/named.js';

const Receiver = named(
  'Receiver',
  Type.Object(
    { name: Type.String({ minLength: 1, maxLength: 500 }), identification: Type.Optional(Text()) },
    { additionalProperties: false, description: 'Who received the parcel at the address' },
  ),
);

export const EventCreate = named(
  'EventCreate',
  Type.Object(
    {
      status: described(Status, 'The state the shipment moves to'),
      sub_status: Type.Optional(SubStatus),
      issue: Type.Optional(Issue),
      receiver: Type.Optional(described(Receiver, 'Who received the parcel: accepted on DELIVERED only')),
    },
    { additionalProperties: false },
  ),
);
export type EventCreateT = Static<typeof EventCreate>;

export const TrackingEvent = named(
  'TrackingEvent',
  Type.Object({
    id: Type.Integer(),
    date: Type.String({ format: 'date-time', description: 'ISO 8601 UTC with milliseconds' }),
    status: Status,
    sub_status: Type.Optional(SubStatus),
    issue: Type.Optional(Issue),
    receiver: Type.Optional(Receiver),
  }),
);
export type TrackingEventT = Static<typeof TrackingEvent>;

export const TrackingEvents = Type.Array(TrackingEvent);
