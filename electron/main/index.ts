import { app, BrowserWindow, ipcMain, protocol, session, shell, type IpcMainInvokeEvent } from 'electron';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createCore, useSqliteAddon } from '../../core/app/index.js';
import { deskToken, keepDeskToken } from '../../core/adapters/desk/credential.js';
import { createDeskBridge } from '../../core/adapters/desk/bridge.js';
import { deskDownloadPath } from '../../core/adapters/desk/downloads.js';
import { fileLogger } from '../../core/platform/logger.js';
import { resolveDataDir } from '../../core/platform/paths.js';
import { BRIDGE_CHANNEL } from '../preload/api.js';
import { sqliteBindingFor } from '../setup/sqlite-binding.js';
import {
  APP_ORIGIN,
  APP_URL,
  claimSingleInstance,
  denyAllPermissions,
  externalUrlAllowed,
  isOwnMainFrame,
  rendererResponse,
} from './hardening.js';

/**
 * The desktop shell: one window, an IPC channel into `core.execute`, and the `station:` scheme that serves the
 * label PDFs the core links to. All behaviour lives in core/; this file only wires Electron to it.
 */
const rendererDir = join(__dirname, '../renderer');
/** The checkout this runs from (out/main/index.cjs → the project), where the Electron build of better-sqlite3 is. */
const projectRoot = join(__dirname, '../..');

// Registered before the app is ready, as Electron requires; `secure` so the PDF viewer treats it like https.
protocol.registerSchemesAsPrivileged([
  { scheme: 'station', privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

async function start(): Promise<void> {
  const log = await fileLogger(join(app.getPath('userData'), 'logs'));
  // better-sqlite3 built for Electron's ABI, before anything opens the store.
  useSqliteAddon(
    sqliteBindingFor({ root: projectRoot, electron: process.versions.electron, packaged: app.isPackaged }),
  );
  const core = await createCore({
    dataDir: resolveDataDir(process.env.STATION_DATA || join(app.getPath('userData'), 'data')),
    store: process.env.STATION_STORE,
    onUpgrade: (message) => log.info(message),
    logger: log,
  });
  core.warm().catch((err: unknown) => log.error({ err }, 'warming the service up failed'));
  let token = await deskToken(core);
  // Moved to another account, the desk keeps its new credential for this run and the next.
  const bridge = createDeskBridge(
    core,
    () => token,
    (moved) => keepDeskToken(core, (token = moved)),
  );
  denyAllPermissions(session.defaultSession);

  ipcMain.handle(BRIDGE_CHANNEL, async (event: IpcMainInvokeEvent, raw: unknown) => {
    // Only our own page's main frame may talk to the core.
    if (!isOwnMainFrame(event.senderFrame)) throw new Error('unexpected sender');
    return bridge.call(raw);
  });

  // station://app/… is the page itself (served with its CSP as a header); station://desk/… are label PDFs.
  protocol.handle('station', async (req) => {
    if (req.url.startsWith(APP_ORIGIN + '/')) return rendererResponse(rendererDir, req.url);
    try {
      const bytes = await readFile(await deskDownloadPath(core, req.url));
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
      // A middle click would open a link in a new window without going through the window-open handler's checks.
      disableBlinkFeatures: 'Auxclick',
    },
  });
  // Label PDFs open in a window of their own; links to an allowed origin go to the system browser; the desk never navigates.
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('station://desk/')) return { action: 'allow' };
    if (externalUrlAllowed(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  win.webContents.on('will-navigate', (e) => e.preventDefault());
  win.webContents.on('will-attach-webview', (e) => e.preventDefault());
  await win.loadURL(APP_URL);

  // A label in flight finishes (bounded) before the store closes, so quitting never leaves it unconfirmed.
  let closed = false;
  app.on('before-quit', (e) => {
    if (closed) return;
    e.preventDefault();
    void core
      .drain()
      .then(() => core.close())
      .finally(() => {
        closed = true;
        app.quit();
      });
  });
}

if (claimSingleInstance(app, () => BrowserWindow.getAllWindows())) {
  app.whenReady().then(start, (e: unknown) => {
    console.error(e);
    app.exit(1);
  });
  app.on('window-all-closed', () => app.quit());
}
