/**
 * What the preload exposes to the renderer as `window.station`. The renderer sees only this declaration, never
 * Node or Electron.
 */
export interface StationRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}

export interface StationResponse {
  status: number;
  body: unknown;
}

export interface StationBridge {
  request(req: StationRequest): Promise<StationResponse>;
}

export const BRIDGE_CHANNEL = 'station:request';
