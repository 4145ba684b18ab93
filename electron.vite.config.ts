import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

// electron-vite targets the Node and Chromium that Electron embeds, and finds Electron's version in
// node_modules/electron. Electron is an optional dependency that an install without internet leaves out, so the
// version package.json pins says it: the build is the same with or without the binary.
const pinned = (
  JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as { optionalDependencies: { electron: string } }
).optionalDependencies.electron;
process.env.ELECTRON_MAJOR_VER ??= pinned.split('.')[0];

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // better-sqlite3 is native; the others are loaded from node_modules at run time rather than bundled.
      externalizeDeps: true,
      rollupOptions: {
        input: { index: resolve('electron/main/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload must be CommonJS.
      rollupOptions: {
        input: { index: resolve('electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    base: './',
    plugins: [react()],
    // The one folder of core the desk may import (tsconfig.web.json says the same to the type checker).
    resolve: { alias: { '@shared': resolve('core/shared') } },
    build: {
      outDir: resolve('out/renderer'),
      rollupOptions: { input: resolve('renderer/index.html') },
      // electron-vite leaves the page unminified (it loads from disk in the app); browsers on other desks fetch it
      // from `station serve`, and the initial script is held to a budget (test/architecture/bundle.test.ts).
      minify: true,
    },
  },
});
