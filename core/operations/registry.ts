import { labelOperations } from '../labels/operations.js';
import { manifestOperations } from '../manifests/operations.js';
import { officeOperations } from '../offices/operations.js';
import { printingOperations } from '../printing/operations.js';
import { quoteOperations } from '../quote/operations.js';
import { shipmentOperations } from '../shipments/operations.js';
import { tokenOperations } from '../auth/operations.js';
import type { AnyOperation } from './types.js';

/** The operation table: every operation of the service, by name. Features add their rows here. */
export const operations: readonly AnyOperation[] = [...shipmentOperations, ...tokenOperations, ...quoteOperations, ...officeOperations, ...printingOperations, ...labelOperations, ...manifestOperations];

export const operationsByName: ReadonlyMap<string, AnyOperation> = new Map(operations.map((o) => [o.name, o]));
