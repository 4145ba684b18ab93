import { authApi } from './auth/api.js';
import { importApi } from './imports/api.js';
import { scaleApi } from './scale/api.js';
import { labelApi } from './labels/api.js';
import { manifestApi } from './manifests/api.js';
import { officeApi } from './offices/api.js';
import type { CallInputOf, OutputOf } from './operations/spec.js';
import { presetApi } from './presets/api.js';
import { printingApi } from './printing/api.js';
import { quoteApi } from './quote/api.js';
import { scanApi } from './scan/api.js';
import { senderApi } from './senders/api.js';
import { shipmentApi } from './shipments/api.js';
import { stationApi } from './station/api.js';
import { webhookApi } from './webhooks/api.js';

/**
 * Every operation of the service by name: route, permission and schemas, without handlers. Node-free: the typed
 * client, the HTTP routes and the OpenAPI document all come from this one table. Features add their specs here.
 */
export const api = {
  ...shipmentApi,
  ...authApi,
  ...quoteApi,
  ...officeApi,
  ...printingApi,
  ...labelApi,
  ...manifestApi,
  ...stationApi,
  ...senderApi,
  ...presetApi,
  ...scanApi,
  ...importApi,
  ...scaleApi,
  ...webhookApi,
};

export type Api = typeof api;
export type OpName = keyof Api;
/** What a caller passes to an operation (a part with nothing required may be left out). */
export type OpInput<N extends OpName> = CallInputOf<Api[N]>;
export type OpOutput<N extends OpName> = OutputOf<Api[N]>;
