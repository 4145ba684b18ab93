import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join, sep } from 'node:path';
import { electronSqlitePath, NATIVE_DIR } from './sqlite-binding.js';

/**
 * `npm run start:desktop`, under Node: checks that the Electron binary is there (saying what is missing and how to get
 * it when not), builds better-sqlite3 for Electron's ABI once (electron/setup/sqlite-binding.ts), then runs the app.
 * Electron is an optional dependency: `npm install` succeeds where its binary cannot be downloaded, and leaves it out.
 */

/** Where Electron publishes the headers a native addon compiles against. */
export const ELECTRON_HEADERS = 'https://electronjs.org/headers';

/** The Electron version package.json pins (electron is an optional dependency, so that an offline install succeeds). */
export function pinnedElectron(root: string): string {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    optionalDependencies?: Record<string, string>;
  };
  const version = pkg.optionalDependencies?.electron;
  if (!version) throw new Error('package.json pins no electron in optionalDependencies');
  return version;
}

export type ElectronStatus = { ok: true; binary: string; version: string } | { ok: false; missing: string };

const WITHOUT_IT = 'Everything else works without it: `npm start` serves the same desk to a browser.';

/** The Electron binary this checkout runs, or what is missing and how to get it. */
export function electronStatus(root: string): ElectronStatus {
  const pinned = pinnedElectron(root);
  const dir = join(root, 'node_modules', 'electron');
  if (!existsSync(join(dir, 'package.json')))
    return {
      ok: false,
      missing:
        `The Electron binary is missing: electron ${pinned} is an optional dependency, and \`npm install\` left it out ` +
        'because its binary could not be downloaded (no internet?). On a machine that reaches Electron’s downloads, ' +
        `run \`npm install\` again, then \`npm run start:desktop\`. ${WITHOUT_IT}`,
    };
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
  const pathFile = join(dir, 'path.txt');
  const binary = existsSync(pathFile) ? join(dir, 'dist', readFileSync(pathFile, 'utf8').trim()) : null;
  if (!binary || !existsSync(binary))
    return {
      ok: false,
      missing:
        `The Electron binary is missing: electron ${version} is installed without it (ELECTRON_SKIP_BINARY_DOWNLOAD ` +
        'was set, or the download failed). On a machine that reaches Electron’s downloads, run ' +
        `\`node node_modules/electron/install.js\`, then \`npm run start:desktop\`. ${WITHOUT_IT}`,
    };
  return { ok: true, binary, version };
}

export interface Step {
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/**
 * How to build better-sqlite3 for Electron in `staging` (a copy of the module): Electron's prebuilt addon from
 * better-sqlite3's releases (prebuild-install), else a compile against Electron's headers (node-gyp). Both need the
 * internet. The npm configuration's `nodedir` (which points node-gyp at the installed Node's headers, for offline
 * builds) is left out: it would build for Node again.
 */
export function sqliteBuildSteps(opts: {
  root: string;
  electron: string;
  staging: string;
  /** node-gyp's script: npm's own (npm_config_node_gyp), else node_modules'. */
  nodeGyp: string;
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  arch?: string;
}): Step[] {
  const { root, electron, staging, nodeGyp, platform = process.platform, arch = process.arch } = opts;
  const env = Object.fromEntries(
    Object.entries(opts.env ?? process.env).filter(([k]) => k.toLowerCase() !== 'npm_config_nodedir'),
  );
  const forElectron = {
    ...env,
    npm_config_runtime: 'electron',
    npm_config_target: electron,
    npm_config_disturl: ELECTRON_HEADERS,
    npm_config_arch: arch,
    npm_config_platform: platform,
  };
  return [
    {
      command: process.execPath,
      args: [
        join(root, 'node_modules', 'prebuild-install', 'bin.js'),
        '--runtime=electron',
        `--target=${electron}`,
        `--platform=${platform}`,
        `--arch=${arch}`,
      ],
      cwd: staging,
      env: forElectron,
    },
    {
      command: process.execPath,
      args: [
        nodeGyp,
        'rebuild',
        '--release',
        '--runtime=electron',
        `--target=${electron}`,
        `--dist-url=${ELECTRON_HEADERS}`,
        `--arch=${arch}`,
      ],
      cwd: staging,
      env: forElectron,
    },
  ];
}

/** Builds better-sqlite3 for this Electron into its own folder (node_modules' Node build is left as it is). */
export function buildSqliteForElectron(root: string, electron: string, env: NodeJS.ProcessEnv = process.env): string {
  const { dir, addon } = electronSqlitePath({ root, electron });
  mkdirSync(join(root, NATIVE_DIR), { recursive: true });
  const staging = mkdtempSync(join(root, NATIVE_DIR, '.build-'));
  try {
    const source = join(root, 'node_modules', 'better-sqlite3');
    // The module without its Node build.
    const nodeBuild = join(source, 'build');
    cpSync(source, staging, { recursive: true, filter: (f) => f !== nodeBuild && !f.startsWith(nodeBuild + sep) });
    const nodeGyp = env.npm_config_node_gyp ?? join(root, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
    const built = join(staging, 'build', 'Release', 'better_sqlite3.node');
    for (const step of sqliteBuildSteps({ root, electron, staging, nodeGyp, env })) {
      const r = spawnSync(step.command, step.args, { cwd: step.cwd, env: step.env, stdio: 'inherit' });
      if (r.status === 0 && existsSync(built)) {
        mkdirSync(dir, { recursive: true });
        copyFileSync(built, addon);
        return addon;
      }
    }
    throw new Error(
      `could not build better-sqlite3 for Electron ${electron}: it needs the internet (a prebuilt addon, or ` +
        "Electron's headers and a C++ toolchain)",
    );
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Runs the desktop app from this checkout; resolves with the exit code for the shell. */
export async function startDesktop(root: string, args: string[] = []): Promise<number> {
  const electron = electronStatus(root);
  if (!electron.ok) {
    console.error(electron.missing);
    return 1;
  }
  if (!existsSync(electronSqlitePath({ root, electron: electron.version }).addon)) {
    console.error(`Building better-sqlite3 for Electron ${electron.version} (once; node_modules keeps Node's build)…`);
    try {
      buildSqliteForElectron(root, electron.version);
    } catch (e) {
      console.error((e as Error).message);
      return 1;
    }
  }
  const env = { ...process.env };
  // Set, it would make the binary a plain Node instead of the app.
  delete env.ELECTRON_RUN_AS_NODE;
  const child = spawn(electron.binary, [root, ...args], { stdio: 'inherit', env });
  return new Promise((resolve) => {
    child.on('error', (e) => {
      console.error(`Electron did not start: ${e.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
