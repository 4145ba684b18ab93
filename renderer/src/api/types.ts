/**
 * The shapes the UI reads are the service's own: the schemas that validate, type and document its API, imported as
 * types only. Nothing of the core is bundled into the page, and a change to the API fails the UI's type check
 * instead of a field going quietly missing on screen.
 */
import type { Static } from '@sinclair/typebox';
import type { TokenInfo as TokenInfoSchema } from '../../../core/features/auth/schemas';
import type { PrintJob as PrintJobSchema, Printer as PrinterSchema } from '../../../core/features/printing/schemas';
import type { QuoteOptions } from '../../../core/features/quote/schemas';
import type { ShipmentPage as ShipmentPageSchema } from '../../../core/features/shipments/schemas';

export type { ShipmentT as Shipment } from '../../../core/features/shipments/schemas';
export type { TrackingEventT as TrackingEvent } from '../../../core/features/tracking/schemas';
export type ShipmentPage = Static<typeof ShipmentPageSchema>;
export type QuoteOption = Static<typeof QuoteOptions>[number];
export type PrintJob = Static<typeof PrintJobSchema>;
export type TokenInfo = Static<typeof TokenInfoSchema>;
export type Printer = Static<typeof PrinterSchema>;
export type { SenderT as Sender } from '../../../core/features/senders/schemas';
export type { PresetT as Preset } from '../../../core/features/presets/schemas';
export type { WebhookT as Webhook, WebhookDeliveryT as WebhookDelivery } from '../../../core/features/webhooks/schemas';
export type { ImportRowErrorT as ImportRowError } from '../../../core/features/imports/schemas';
