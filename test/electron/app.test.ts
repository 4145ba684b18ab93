import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { _electron } from 'playwright-core';
import { buildSqliteForElectron, electronStatus } from '../../electron/setup/launch.js';
import { electronSqlitePath } from '../../electron/setup/sqlite-binding.js';
import { ROOT } from '../helpers/station.js';

/** The Electron binary is absent where it cannot be downloaded (ELECTRON_SKIP_BINARY_DOWNLOAD=1). */
function electronBinary(): { path: string | null; reason: string | null } {
  try {
    const path = createRequire(import.meta.url)('electron') as unknown as string;
    return existsSync(path) ? { path, reason: null } : { path: null, reason: `Electron binary missing at ${path}` };
  } catch (e) {
    return { path: null, reason: `Electron binary not installed (${(e as Error).message.split('\n')[0]})` };
  }
}

const bin = electronBinary();
if (bin.reason) console.warn(`skipping Electron tests: ${bin.reason}`);

describe.skipIf(!bin.path)('the desktop app (Electron)', () => {
  // Electron loads its own build of better-sqlite3 (electron/setup/sqlite-binding.ts), made once as start:desktop does.
  beforeAll(() => {
    const status = electronStatus(ROOT);
    if (status.ok && !existsSync(electronSqlitePath({ root: ROOT, electron: status.version }).addon))
      buildSqliteForElectron(ROOT, status.version);
  }, 600_000);

  it('opens a sandboxed window whose page lists shipments through the IPC bridge', async () => {
    const data = mkdtempSync(join(tmpdir(), 'station-electron-'));
    const app = await _electron.launch({
      executablePath: bin.path!,
      args: [join(ROOT, 'out', 'main', 'index.cjs')],
      env: { ...process.env, STATION_DATA: data },
    });
    try {
      const win = await app.firstWindow();
      expect(await win.title()).toBe('Shipping Station');
      // The page sees the bridge and nothing of Node.
      expect(await win.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
      await expect.poll(() => win.locator('.status').textContent()).toContain('0 shipments');
    } finally {
      await app.close();
      rmSync(data, { recursive: true, force: true });
    }
  });
});
