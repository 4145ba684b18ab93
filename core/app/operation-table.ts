import { authOperations } from '../features/auth/operations.js';
import { importOperations } from '../features/imports/operations.js';
import { scaleOperations } from '../features/scale/operations.js';
import { labelOperations } from '../features/labels/operations.js';
import { manifestOperations } from '../features/manifests/operations.js';
import { officeOperations } from '../features/offices/operations.js';
import type { Operation } from '../platform/operations/types.js';
import type { Services } from './services.js';
import { presetOperations } from '../features/presets/operations.js';
import { printingOperations } from '../features/printing/operations.js';
import { quoteOperations } from '../features/quote/operations.js';
import { scanOperations } from '../features/scan/operations.js';
import { senderOperations } from '../features/senders/operations.js';
import { shipmentOperations } from '../features/shipments/operations.js';
import { stationOperations } from '../features/station/operations.js';
import { webhookOperations } from '../features/webhooks/operations.js';

/**
 * The operation table: each feature's specs bound to their handlers. Features add their rows here and in api.ts.
 * Typed by the services the root builds, so that a feature that declares a service the root lacks (or of another
 * shape) fails the compile here.
 */
export const operations: readonly Operation<Services>[] = [
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

export const operationsByName: ReadonlyMap<string, Operation<Services>> = new Map(operations.map((o) => [o.name, o]));

/** What an operation's handler is given: the services its feature declared (`uses`), and no others. */
export function servicesFor(op: Operation<Services>, all: Services): Services {
  // Typed as the whole set because the table is; the handler's own type (its feature's `uses`) names only these.
  return Object.fromEntries(op.uses.map((name) => [name, all[name as keyof Services]])) as Services;
}
