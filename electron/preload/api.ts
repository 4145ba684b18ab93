import type { DeskBridge } from '../../core/shared/client/index';

/**
 * What the preload exposes to the renderer as `window.station`: the typed client's IPC transport. The renderer sees
 * only this declaration, never Node or Electron.
 */
export type StationBridge = DeskBridge;

export const BRIDGE_CHANNEL = 'station:call';
