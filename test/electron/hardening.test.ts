import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  APP_URL,
  CSP,
  claimSingleInstance,
  denyAllPermissions,
  externalUrlAllowed,
  isOwnMainFrame,
  rendererResponse,
} from '../../electron/main/hardening.js';
import { ROOT } from '../helpers/station.js';

const require = createRequire(import.meta.url);
const tmp = mkdtempSync(join(tmpdir(), 'station-shell-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the desktop shell’s security settings (without the Electron binary)', () => {
  it('serves the page with its CSP as a response header, the same policy as the meta tag, and nothing outside it', async () => {
    const root = join(tmp, 'renderer');
    mkdirSync(join(root, 'assets'), { recursive: true });
    writeFileSync(join(root, 'index.html'), '<!doctype html>');
    writeFileSync(join(root, 'assets', 'main.js'), 'export {}');
    writeFileSync(join(tmp, 'secret.txt'), 'no');
    const page = await rendererResponse(root, APP_URL);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(CSP);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const script = await rendererResponse(root, 'station://app/assets/main.js');
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    for (const url of [
      'station://app/../secret.txt',
      'station://app/%2e%2e/secret.txt',
      'station://app/assets/..%2f..%2fsecret.txt',
      'station://app/nope.js',
    ])
      expect((await rendererResponse(root, url)).status, url).toBe(404);
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(
      readFileSync(join(ROOT, 'renderer', 'index.html'), 'utf8'),
    )![1];
    expect(meta).toBe(CSP);
  });

  it('denies every permission request and check', () => {
    let request: ((wc: unknown, p: string, cb: (granted: boolean) => void) => void) | undefined;
    let check: (() => boolean) | undefined;
    denyAllPermissions({
      setPermissionRequestHandler: (h: never) => (request = h),
      setPermissionCheckHandler: (h: never) => (check = h),
    });
    for (const p of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      let granted: boolean | undefined;
      request!({}, p, (g) => (granted = g));
      expect(granted, p).toBe(false);
    }
    expect(check!()).toBe(false);
  });

  it('answers IPC only from our page’s main frame', () => {
    expect(isOwnMainFrame({ url: APP_URL, parent: null })).toBe(true);
    expect(isOwnMainFrame({ url: `${APP_URL}#/shipments`, parent: null })).toBe(true);
    expect(isOwnMainFrame({ url: APP_URL, parent: { url: APP_URL } })).toBe(false);
    expect(isOwnMainFrame({ url: 'https://evil.example/index.html', parent: null })).toBe(false);
    expect(isOwnMainFrame({ url: 'file:///tmp/index.html', parent: null })).toBe(false);
    expect(isOwnMainFrame(null)).toBe(false);
  });

  it('hands only https links on an allowed origin to the system browser', () => {
    const allowed = ['https://tracking.example'];
    expect(externalUrlAllowed('https://tracking.example/p/ABC', allowed)).toBe(true);
    for (const url of [
      'http://tracking.example/p',
      'https://tracking.example.evil.io/',
      'https://user:pw@tracking.example/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'not a url',
    ])
      expect(externalUrlAllowed(url, allowed), url).toBe(false);
    expect(externalUrlAllowed('https://tracking.example/p/ABC')).toBe(false);
  });

  it('runs one instance: a second start quits, the first focuses its window', () => {
    const events: Record<string, () => void> = {};
    const calls: string[] = [];
    const app = (lock: boolean) => ({
      requestSingleInstanceLock: () => lock,
      quit: () => calls.push('quit'),
      on: (name: string, fn: () => void) => (events[name] = fn),
    });
    const win = { isMinimized: () => true, restore: () => calls.push('restore'), focus: () => calls.push('focus') };
    expect(claimSingleInstance(app(false) as never, () => [win] as never)).toBe(false);
    expect(calls).toEqual(['quit']);
    calls.length = 0;
    expect(claimSingleInstance(app(true) as never, () => [win] as never)).toBe(true);
    events['second-instance']!();
    expect(calls).toEqual(['restore', 'focus']);
  });

  it('sets Electron’s fuses in the packaged binary (electron-builder afterPack)', async () => {
    const { getCurrentFuseWire, FuseV1Options } = require('@electron/fuses');
    const afterPack = require('../../electron/packaging/after-pack.cjs');
    // A stand-in binary: bytes around the fuse sentinel, version 1 and a wire of 8 fuses all "inherit" (0x90).
    const out = join(tmp, 'linux-unpacked');
    mkdirSync(out, { recursive: true });
    const bin = join(out, 'shipping-station');
    writeFileSync(
      bin,
      Buffer.concat([
        Buffer.alloc(64, 7),
        Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'),
        Buffer.from([1, 8]),
        Buffer.alloc(8, 0x90),
        Buffer.alloc(64, 7),
      ]),
    );
    await afterPack({
      appOutDir: out,
      electronPlatformName: 'linux',
      arch: 1,
      packager: { executableName: 'shipping-station', appInfo: { productFilename: 'Shipping Station' } },
    });
    const wire = await getCurrentFuseWire(bin);
    const on = (f: number) => wire[f] === 49;
    const off = (f: number) => wire[f] === 48;
    expect(off(FuseV1Options.RunAsNode)).toBe(true);
    expect(on(FuseV1Options.EnableCookieEncryption)).toBe(true);
    expect(off(FuseV1Options.EnableNodeOptionsEnvironmentVariable)).toBe(true);
    expect(off(FuseV1Options.EnableNodeCliInspectArguments)).toBe(true);
    expect(on(FuseV1Options.EnableEmbeddedAsarIntegrityValidation)).toBe(true);
    expect(on(FuseV1Options.OnlyLoadAppFromAsar)).toBe(true);
    expect(off(FuseV1Options.GrantFileProtocolExtraPrivileges)).toBe(true);
    expect(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')).toMatch(
      /^afterPack: electron\/packaging\/after-pack\.cjs$/m,
    );
  });
});
