import type { Command } from 'commander';
import { registerAuthCommands } from './auth.js';
import { registerSettingsCommands } from './settings.js';
import { registerOfficeCommands } from './offices.js';
import { registerRateCardCommands } from './quote.js';
import { registerPrintingCommands } from './printing.js';
import { registerQrCommands } from './qr.js';
import { registerBackupCommands } from './backup.js';
import { registerMigrateCommands } from './migrate.js';
import { registerImportCommands } from './imports.js';

/** Each feature registers its own `station` sub-commands; add a feature's registrar here. */
export const featureCommands: Array<(program: Command) => void> = [
  registerAuthCommands,
  registerSettingsCommands,
  registerRateCardCommands,
  registerOfficeCommands,
  registerPrintingCommands,
  registerQrCommands,
  registerBackupCommands,
  registerMigrateCommands,
  registerImportCommands,
];
