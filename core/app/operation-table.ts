import { authOperations } from '../features/auth/operations.js';
import { importOperations } from '../features/imports/operations.js';
import { scaleOperations } from '../features/scale/operations.js';
import { labelOperations } from '../features/labels/operations.js';
import { manifestOperations } from '../features/manifests/operations.js';
import { officeOperations } from '../features/offices/operations.js';
import type { Operation } from '../platform/operations/types.js';
import { presetOperations } from '../features/presets/operations.js';
import { printingOperations } from '../features/printing/operations.js';
import { quoteOperations } from '../features/quote/operations.js';
import { scanOperations } from '../features/scan/operations.js';
import { senderOperations } from '../features/senders/operations.js';
import { shipmentOperations } from '../features/shipments/operations.js';
import { stationOperations } from '../features/station/operations.js';
import { webhookOperations } from '../features/webhooks/operations.js';

/** The operation table: each feature's specs bound to their handlers. Features add their rows here and in api.ts. */
export const operations: readonly Operation[] = [
  ...shipmentOperations,
  ...authOperations,
  ...quoteOperations,
  ...officeOperations,
  ...printingOperations,
  ...labelOperations,
  ...manifestOperations,
  ...stationOperations,
  ...senderOperations,
  ...presetOperations,
  ...scanOperations,
  ...importOperations,
  ...scaleOperations,
  ...webhookOperations,
];

export const operationsByName: ReadonlyMap<string, Operation> = new Map(operations.map((o) => [o.name, o]));
