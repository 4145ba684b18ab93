/**
 * The shapes the desk reads, as the service's own schemas type them: types only, so that nothing of a feature is
 * bundled into the page. The desk imports them from here, and so imports nothing of core but this folder.
 */
export type { TokenInfo } from '../../features/auth/schemas.js';
export type { ImportRowErrorT } from '../../features/imports/schemas.js';
export type { Office } from '../../features/offices/schemas.js';
export type { PresetT } from '../../features/presets/schemas.js';
export type { PrintJob, Printer } from '../../features/printing/schemas.js';
export type { QuoteOptions } from '../../features/quote/schemas.js';
export type { SenderT } from '../../features/senders/schemas.js';
export type { ShipmentPage, ShipmentT } from '../../features/shipments/schemas.js';
export type { TrackingEventT } from '../../features/tracking/schemas.js';
export type { WebhookDeliveryT, WebhookT } from '../../features/webhooks/schemas.js';
