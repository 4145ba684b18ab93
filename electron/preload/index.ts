import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_CHANNEL, type StationBridge } from './api';

// One narrow function, never ipcRenderer itself: the page can only call the service's operations.
const bridge = {
  call: (req) => ipcRenderer.invoke(BRIDGE_CHANNEL, req),
} satisfies StationBridge;

contextBridge.exposeInMainWorld('station', bridge);
