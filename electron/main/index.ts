import { app, BrowserWindow, ipcMain, shell, type IpcMainInvokeEvent } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createCore } from '../../core/index.js';
import { buildServer } from '../../core/http/server.js';
import { deskToken } from '../../core/desk/credential.js';
import { forward, parseBridgeRequest } from '../../core/desk/bridge.js';
import { resolveDataDir } from '../../core/paths.js';
import { BRIDGE_CHANNEL } from '../preload/api.js';

/**
 * The desktop shell: one window, and an IPC channel that forwards the page's API requests to the core. All
 * behaviour lives in core/; this file only wires Electron to it.
 */
const rendererIndex = join(__dirname, '../renderer/index.html');
const rendererUrl = pathToFileURL(rendererIndex).href;

async function start(): Promise<void> {
  const core = createCore({
    dataDir: resolveDataDir(process.env.STATION_DATA || join(app.getPath('userData'), 'data')),
    onUpgrade: (message) => console.log(message),
  });
  const server = await buildServer(core);
  const token = deskToken(core);

  ipcMain.handle(BRIDGE_CHANNEL, async (event: IpcMainInvokeEvent, raw: unknown) => {
    // Only our own page may talk to the core.
    if (event.senderFrame?.url.split('#')[0] !== rendererUrl) throw new Error('unexpected sender');
    return forward(server, token, parseBridgeRequest(raw));
  });

  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    title: 'Shipping Station',
    webPreferences: {
      preload: join(__dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  });
  // Links leave the app for the system browser; the window itself never navigates away.
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https?:/.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  win.webContents.on('will-navigate', (e) => e.preventDefault());
  await win.loadFile(rendererIndex);

  app.on('before-quit', () => {
    void server.close();
    core.close();
  });
}

app.whenReady().then(start, (e: unknown) => {
  console.error(e);
  app.exit(1);
});
app.on('window-all-closed', () => app.quit());
