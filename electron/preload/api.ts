import type { BridgeRequest, BridgeResponse } from '../../core/desk/bridge-types';

/**
 * What the preload exposes to the renderer as `window.station`. The renderer sees only this declaration, never
 * Node or Electron.
 */
export type StationRequest = BridgeRequest;
export type StationResponse = BridgeResponse;

export interface StationBridge {
  request(req: StationRequest): Promise<StationResponse>;
}

export const BRIDGE_CHANNEL = 'station:request';
