import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

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
    build: {
      outDir: resolve('out/renderer'),
      rollupOptions: { input: resolve('renderer/index.html') },
      // electron-vite leaves the page unminified (it loads from disk in the app); browsers on other desks fetch it
      // from `station serve`, and the initial script is held to a budget (test/architecture/bundle.test.ts).
      minify: true,
    },
  },
});
