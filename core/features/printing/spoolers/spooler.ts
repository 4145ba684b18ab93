import type { PrinterStatus, UnitInfo } from '../types.js';

/** A printer the OS spooler knows, as `GET /printers/discover` lists it. */
export interface DiscoveredPrinter {
  name: string;
  driver: 'system';
  connection: string;
  device: string | null;
  is_default: boolean;
}

/**
 * One OS print spooler behind the `system` driver (CUPS, Windows). Each reads the printer's `connection` as its
 * own printer name; `submit` resolves once the spooler has queued the PDF and fails with a TransportError.
 */
export interface Spooler {
  /** A message naming what is wrong with a printer name for this spooler, or null when it is usable. */
  checkName(name: string): string | null;
  submit(printer: string, pdf: Uint8Array, unit: UnitInfo): Promise<void>;
  status(printer: string): Promise<PrinterStatus>;
  /** The spooler's printers; a spooler that cannot be asked has none. */
  discover(): Promise<DiscoveredPrinter[]>;
}
