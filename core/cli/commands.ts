import type { Command } from 'commander';
import { registerAuthCommands } from '../auth/cli.js';
import { registerSettingsCommands } from './settings.js';
import { registerOfficeCommands } from '../offices/cli.js';
import { registerRateCardCommands } from '../quote/cli.js';
import { registerPrintingCommands } from '../printing/cli.js';
import { registerQrCommands } from '../qr/cli.js';

/** Each feature registers its own `station` sub-commands; add a feature's registrar here. */
export const featureCommands: Array<(program: Command) => void> = [registerAuthCommands, registerSettingsCommands, registerRateCardCommands, registerOfficeCommands, registerPrintingCommands, registerQrCommands];
