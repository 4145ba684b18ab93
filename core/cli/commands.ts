import type { Command } from 'commander';
import { registerAuthCommands } from '../auth/cli.js';

/** Each feature registers its own `station` sub-commands; add a feature's registrar here. */
export const featureCommands: Array<(program: Command) => void> = [registerAuthCommands];
