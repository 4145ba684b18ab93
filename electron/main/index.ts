import { app, BrowserWindow, ipcMain, protocol, shell, type IpcMainInvokeEvent } from 'electron';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createCore } from '../../core/index.js';
import { deskToken } from '../../core/desk/credential.js';
import { createDeskBridge } from '../../core/desk/bridge.js';
import { deskDownloadPath } from '../../core/desk/downloads.js';
import { fileLogger } from '../../core/logger.js';
import { resolveDataDir } from '../../core/paths.js';
import { BRIDGE_CHANNEL } from '../preload/api.js';

/**
 * The desktop shell: one window, an IPC channel into `core.execute`, and the `station:` scheme that serves the
 * label PDFs the core links to. All behaviour lives in core/; this file only wires Electron to it.
 */
const rendererIndex = join(__dirname, '../renderer/index.html');
const rendererUrl = pathToFileURL(rendererIndex).href;

// Registered before the app is ready, as Electron requires; `secure` so the PDF viewer treats it like https.
protocol.registerSchemesAsPrivileged([{ scheme: 'station', privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

async function start(): Promise<void> {
  const log = await fileLogger(join(app.getPath('userData'), 'logs'));
  const core = createCore({
    dataDir: resolveDataDir(process.env.STATION_DATA || join(app.getPath('userData'), 'data')),
    onUpgrade: (message) => log.info(message),
    logger: log,
  });
  const token = deskToken(core);
  const bridge = createDeskBridge(core, () => token);

  ipcMain.handle(BRIDGE_CHANNEL, async (event: IpcMainInvokeEvent, raw: unknown) => {
    // Only our own page may talk to the core.
    if (event.senderFrame?.url.split('#')[0] !== rendererUrl) throw new Error('unexpected sender');
    return bridge.call(raw);
  });

  protocol.handle('station', async (req) => {
    try {
      const bytes = await readFile(deskDownloadPath(core, req.url));
      return new Response(bytes, { headers: { 'content-type': 'application/pdf', 'cache-control': 'no-store' } });
    } catch {
      return new Response('not found', { status: 404 });
    }
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
  // Label PDFs open in a window of their own; web links leave the app for the system browser; the desk never navigates.
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('station://desk/')) return { action: 'allow' };
    if (/^https?:/.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  win.webContents.on('will-navigate', (e) => e.preventDefault());
  await win.loadFile(rendererIndex);

  app.on('before-quit', () => core.close());
}

app.whenReady().then(start, (e: unknown) => {
  console.error(e);
  app.exit(1);
});
app.on('window-all-closed', () => app.quit());
