/**
 * The shapes the UI reads are the service's own: the schemas that validate, type and document its API, imported as
 * types only. Nothing of the core is bundled into the page, and a change to the API fails the UI's type check
 * instead of a field going quietly missing on screen.
 */
import type { Static } from '@sinclair/typebox';
import type {
  PrintJob as PrintJobSchema,
  Printer as PrinterSchema,
  QuoteOptions,
  ShipmentPage as ShipmentPageSchema,
  TokenInfo as TokenInfoSchema,
} from '@shared/client/shapes';

export type {
  ImportRowErrorT as ImportRowError,
  PresetT as Preset,
  SenderT as Sender,
  ShipmentT as Shipment,
  TrackingEventT as TrackingEvent,
  WebhookDeliveryT as WebhookDelivery,
  WebhookT as Webhook,
} from '@shared/client/shapes';
export type ShipmentPage = Static<typeof ShipmentPageSchema>;
export type QuoteOption = Static<typeof QuoteOptions>[number];
export type PrintJob = Static<typeof PrintJobSchema>;
export type TokenInfo = Static<typeof TokenInfoSchema>;
export type Printer = Static<typeof PrinterSchema>;
