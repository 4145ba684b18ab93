#!/usr/bin/env node
// The compiled CLI (npm's `prepare` builds it; `npm run build:core` after a change).
import { main } from '../dist/core/adapters/cli/main.js';

await main();
