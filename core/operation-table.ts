import { authOperations } from './auth/operations.js';
import { importOperations } from './imports/operations.js';
import { scaleOperations } from './scale/operations.js';
import { labelOperations } from './labels/operations.js';
import { manifestOperations } from './manifests/operations.js';
import { officeOperations } from './offices/operations.js';
import type { Operation } from './operations/types.js';
import { presetOperations } from './presets/operations.js';
import { printingOperations } from './printing/operations.js';
import { quoteOperations } from './quote/operations.js';
import { scanOperations } from './scan/operations.js';
import { senderOperations } from './senders/operations.js';
import { shipmentOperations } from './shipments/operations.js';
import { stationOperations } from './station/operations.js';
import { webhookOperations } from './webhooks/operations.js';

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
