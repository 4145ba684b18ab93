import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  electronStatus,
  ELECTRON_HEADERS,
  pinnedElectron,
  sqliteBuildSteps,
  startDesktop,
} from '../../electron/setup/launch.js';
import { electronSqlitePath, NATIVE_DIR, sqliteBindingFor } from '../../electron/setup/sqlite-binding.js';
import { ROOT } from '../helpers/station.js';

const tmp = mkdtempSync(join(tmpdir(), 'station-desktop-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A checkout as the launcher sees it: package.json, better-sqlite3 in node_modules, and what `files` adds. */
function checkout(name: string, files: Record<string, string> = {}): string {
  const root = join(tmp, name);
  const all = {
    'package.json': JSON.stringify({ name: 'x', optionalDependencies: { electron: '41.7.1' } }),
    'node_modules/better-sqlite3/package.json': JSON.stringify({ name: 'better-sqlite3', version: '12.11.1' }),
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('setting up the desktop app (electron/setup), under Node', () => {
  it('electron is an optional dependency: `npm install` succeeds without its binary, and the version stays pinned', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.dependencies.electron).toBeUndefined();
    expect(pkg.devDependencies.electron).toBeUndefined();
    expect(pkg.optionalDependencies.electron).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pinnedElectron(ROOT)).toBe(pkg.optionalDependencies.electron);
  });

  it('says what is missing: the electron package left out, or installed without its binary', () => {
    const none = electronStatus(checkout('none'));
    expect(none.ok).toBe(false);
    if (!none.ok) {
      expect(none.missing).toContain('The Electron binary is missing');
      expect(none.missing).toContain('electron 41.7.1 is an optional dependency');
      expect(none.missing).toContain('`npm install` again');
      expect(none.missing).toContain('`npm start` serves the same desk to a browser');
    }
    const skipped = electronStatus(
      checkout('skipped', { 'node_modules/electron/package.json': JSON.stringify({ version: '41.7.1' }) }),
    );
    expect(skipped.ok).toBe(false);
    if (!skipped.ok) {
      expect(skipped.missing).toContain('installed without it (ELECTRON_SKIP_BINARY_DOWNLOAD');
      expect(skipped.missing).toContain('`node node_modules/electron/install.js`');
    }
    const root = checkout('present', {
      'node_modules/electron/package.json': JSON.stringify({ version: '41.7.1' }),
      'node_modules/electron/path.txt': 'electron',
      'node_modules/electron/dist/electron': '',
    });
    expect(electronStatus(root)).toEqual({
      ok: true,
      version: '41.7.1',
      binary: join(root, 'node_modules/electron/dist/electron'),
    });
  });

  it('`npm run start:desktop` without the binary says so and exits 1, starting nothing', async () => {
    const said = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await startDesktop(checkout('offline'))).toBe(1);
      expect(said.mock.calls.flat().join('\n')).toContain('The Electron binary is missing');
    } finally {
      said.mockRestore();
    }
  });

  it('Electron loads its own build of better-sqlite3, one per Electron and better-sqlite3 version, never the Node one', () => {
    const root = checkout('binding');
    const target = { root, electron: '41.7.1', platform: 'linux' as const, arch: 'x64' };
    const { dir, addon } = electronSqlitePath(target);
    expect(addon).toBe(
      join(root, NATIVE_DIR, 'electron-41.7.1-linux-x64', 'better-sqlite3-12.11.1', 'better_sqlite3.node'),
    );
    expect(electronSqlitePath({ ...target, electron: '41.8.0' }).addon).not.toBe(addon);
    // Not built yet: the message says how to build it.
    expect(() => sqliteBindingFor({ ...target, packaged: false })).toThrow(
      /not built for Electron 41\.7\.1.*npm run start:desktop/,
    );
    mkdirSync(dir, { recursive: true });
    writeFileSync(addon, '');
    expect(sqliteBindingFor({ ...target, packaged: false })).toBe(addon);
    // A packaged app's node_modules were rebuilt for Electron by electron-builder: the default binding.
    expect(sqliteBindingFor({ ...target, packaged: true })).toBeUndefined();
  });

  it("builds for Electron's runtime and headers, without the npm setting that points node-gyp at Node's headers", () => {
    const steps = sqliteBuildSteps({
      root: '/p',
      electron: '41.7.1',
      staging: '/p/.electron-native/.build-1',
      nodeGyp: '/npm/node-gyp.js',
      env: { PATH: '/bin', npm_config_nodedir: '/usr', NPM_CONFIG_NODEDIR: '/usr' },
      platform: 'linux',
      arch: 'x64',
    });
    expect(steps.map((s) => s.args)).toEqual([
      [
        '/p/node_modules/prebuild-install/bin.js',
        '--runtime=electron',
        '--target=41.7.1',
        '--platform=linux',
        '--arch=x64',
      ],
      [
        '/npm/node-gyp.js',
        'rebuild',
        '--release',
        '--runtime=electron',
        '--target=41.7.1',
        `--dist-url=${ELECTRON_HEADERS}`,
        '--arch=x64',
      ],
    ]);
    for (const step of steps) {
      expect(step.cwd).toBe('/p/.electron-native/.build-1');
      expect(step.env).toEqual({
        PATH: '/bin',
        npm_config_runtime: 'electron',
        npm_config_target: '41.7.1',
        npm_config_disturl: ELECTRON_HEADERS,
        npm_config_arch: 'x64',
        npm_config_platform: 'linux',
      });
    }
  });

  const here = electronStatus(ROOT);
  if (here.ok) console.warn(`skipping the no-binary run: the Electron binary is installed here (${here.binary})`);
  it.skipIf(here.ok)(
    'this checkout: `node bin/desktop.js` says what is missing where the Electron binary is absent',
    () => {
      const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'desktop.js')], { encoding: 'utf8' });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(here.ok ? '' : here.missing);
    },
  );
});
