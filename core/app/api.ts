import { authApi } from '../features/auth/api.js';
import { importApi } from '../features/imports/api.js';
import { scaleApi } from '../features/scale/api.js';
import { labelApi } from '../features/labels/api.js';
import { manifestApi } from '../features/manifests/api.js';
import { officeApi } from '../features/offices/api.js';
import type { CallInputOf, OutputOf } from '../shared/spec.js';
import { presetApi } from '../features/presets/api.js';
import { printingApi } from '../features/printing/api.js';
import { quoteApi } from '../features/quote/api.js';
import { scanApi } from '../features/scan/api.js';
import { senderApi } from '../features/senders/api.js';
import { shipmentApi } from '../features/shipments/api.js';
import { stationApi } from '../features/station/api.js';
import { webhookApi } from '../features/webhooks/api.js';

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
