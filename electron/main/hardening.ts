import type { App, BrowserWindow as BrowserWindowT, Session } from 'electron';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

/**
 * The desktop shell's security settings, each a small function so that it is tested without the Electron binary
 * (test/electron/hardening.test.ts) and wired in index.ts. The settings that are plain BrowserWindow options
 * (context isolation, sandbox, no node integration) stay where the window is made.
 */

/** The page is served from this origin (not file://) so that its answers can carry the CSP as a header. */
export const APP_ORIGIN = 'station://app';
export const APP_URL = `${APP_ORIGIN}/index.html`;

/** The same policy as the meta tag of renderer/index.html (a test holds them equal); the header also covers workers. */
export const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; " +
  "base-uri 'none'; form-action 'none'; frame-src 'self' blob:";

/** Origins the desk may hand to the system browser. It links nowhere outside today; add an origin when it does. */
export const EXTERNAL_ORIGINS: readonly string[] = [];

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/** Answers `station://app/<path>` from the built renderer, with the CSP header; nothing outside `root` is served. */
export async function rendererResponse(root: string, url: string): Promise<Response> {
  const { pathname } = new URL(url);
  const rel = normalize(decodeURIComponent(pathname)).replace(/^[/\\]+/, '');
  const file = join(root, rel || 'index.html');
  if (rel.startsWith('..') || !(file === root || file.startsWith(root.endsWith(sep) ? root : root + sep)))
    return new Response('not found', { status: 404 });
  try {
    const body = await readFile(file);
    return new Response(body, {
      headers: {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-security-policy': CSP,
        'x-content-type-options': 'nosniff',
      },
    });
  } catch {
    return new Response('not found', { status: 404 });
  }
}

/** No web permission (camera, notifications, geolocation, …) is ever granted: the desk needs none. */
export function denyAllPermissions(
  session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>,
): void {
  session.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/** IPC is answered only for our own page's main frame: not an iframe inside it, not any other page. */
export function isOwnMainFrame(frame: { url: string; parent: unknown } | null | undefined, pageUrl = APP_URL): boolean {
  return !!frame && frame.parent === null && frame.url.split('#')[0] === pageUrl;
}

/** Whether a link may leave for the system browser: https, on an allowed origin, nothing else. */
export function externalUrlAllowed(url: string, origins: readonly string[] = EXTERNAL_ORIGINS): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && !u.username && !u.password && origins.includes(u.origin);
  } catch {
    return false;
  }
}

/**
 * One desk per user: a second start focuses the running window and quits, so two processes never run the print
 * queue on one store. Returns false in the second instance.
 */
export function claimSingleInstance(
  app: Pick<App, 'requestSingleInstanceLock' | 'quit' | 'on'>,
  windows: () => Array<Pick<BrowserWindowT, 'isMinimized' | 'restore' | 'focus'>>,
): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', () => {
    const win = windows()[0];
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });
  return true;
}
