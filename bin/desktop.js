#!/usr/bin/env node
// `npm run start:desktop` (after the build): the Electron binary checked, better-sqlite3 built for it, the app run.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDesktop } from '../dist/electron/setup/launch.js';

process.exitCode = await startDesktop(join(dirname(fileURLToPath(import.meta.url)), '..'), process.argv.slice(2));
