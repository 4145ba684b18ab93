import type { MonoRaster } from '../../platform/drawing/raster-types.js';
import type { Dpi, LabelFormat } from '../../shared/schemas/codes.js';

export { LABEL_FORMATS, type LabelFormat } from '../../shared/schemas/codes.js';

export const DRIVERS = ['escpos', 'zpl', 'tspl', 'system', 'file'] as const;
export type DriverName = (typeof DRIVERS)[number];
export const RAW_DRIVERS = ['escpos', 'zpl', 'tspl'] as const;
export type RawDriverName = (typeof RAW_DRIVERS)[number];

/** Per-printer knobs. Each driver reads the ones that mean something to it (see docs/printing.md). */
export interface PrinterSettings {
  /** Print-head resolution of raw printers; the label is rasterised at this density. Default DEFAULT_DPI. */
  dpi?: Dpi;
  /** 0 (light) to 30 (dark), ZPL's `~SD` scale; TSPL's `DENSITY` gets half of it. */
  darkness?: number;
  /** Inches per second, 1 to 14 (ZPL `^PR`, TSPL `SPEED`). */
  speed?: number;
  /** ESC/POS head width in dots (576 for 80 mm paper, 384 for 58 mm). */
  width_dots?: number;
  /** ESC/POS: print the QR and Code 128 with the printer's own commands instead of the raster. */
  native?: boolean;
  /** TSPL: gap between labels, mm. */
  gap_mm?: number;
  /**
   * Raw drivers over TCP: confirm each label with a status request (default). Turn off only for a printer that
   * never answers one; its labels then count as accepted when it closes the connection.
   */
  status_ack?: boolean;
  /** File driver: write the raw job of this driver instead of the PDF. */
  raw?: RawDriverName;
}

/** What a driver needs to know about the printer it prints to. */
export interface PrinterSpec {
  name: string;
  driver: DriverName;
  connection: string;
  settings: PrinterSettings;
  /** A file printer held to the folder its connection resolved to when it was checked (places.ts). */
  folderReal?: string | null;
}

export interface PrinterStatus {
  online: boolean;
  /** null: the protocol (or connection) cannot tell. */
  paper_out: boolean | null;
  head_open: boolean | null;
  detail: string | null;
}

/** What the ESC/POS native mode prints with the printer's own fonts and symbol commands. */
export interface NativeLabel {
  code: string;
  /** The QR's content (the signed token of the label). */
  qr: string;
  lines: string[];
}

/** The labels of one account, as the drivers consume them. */
export interface LabelInput {
  raster(code: string, dpi: Dpi): Promise<MonoRaster>;
  /** `start`: PDF_A4 only, the first tile (1..8) of the first sheet. */
  pdf(codes: string[], format: LabelFormat, start?: number): Promise<Uint8Array>;
  native(code: string): Promise<NativeLabel>;
}

/** What a delivery is: its name (job title, file name) and paper format. */
export interface UnitInfo {
  name: string;
  format: LabelFormat;
  /** Aborted when the station shuts down mid-delivery. */
  signal?: AbortSignal;
  /** Called right before the first byte reaches the printer (see transport.ts); throwing stops the delivery. */
  beforeWrite?: () => void | Promise<void>;
}

/**
 * One way of printing. A job is cut into units of `unitSize` labels; each unit is prepared into bytes and
 * delivered as a whole, and only a delivered unit counts as printed (the queue resumes at the first unit
 * that was not).
 */
export interface Driver {
  readonly name: DriverName;
  readonly formats: readonly LabelFormat[];
  unitSize(format: LabelFormat): number;
  /** A message naming what is wrong with the connection string, or null when it is usable. */
  checkConnection(connection: string): string | null;
  /** `start`: PDF_A4 only, the first tile (1..8) of the unit's sheet. */
  prepare(
    labels: LabelInput,
    codes: string[],
    printer: PrinterSpec,
    format: LabelFormat,
    start?: number,
  ): Promise<Uint8Array>;
  /**
   * The dpi of the raster `prepare` draws a PDF_A7 label as for this printer, or null (or absent) when it sends
   * something else (a PDF, the printer's own commands): what a one-label job's label can be drawn at before it is
   * claimed (jobs.ts, submit).
   */
  rasterDpi?(printer: PrinterSpec): Dpi | null;
  testPage(printer: PrinterSpec): Promise<Uint8Array>;
  /** Resolves once the printer (or spooler, or folder) has accepted every byte. */
  deliver(printer: PrinterSpec, payload: Uint8Array, unit: UnitInfo): Promise<void>;
  status(printer: PrinterSpec): Promise<PrinterStatus>;
  /**
   * Raw printers over TCP: whether the printer answers status requests (false: it takes connections but stays
   * silent). Absent, or null, where the question does not arise.
   */
  answersStatus?(printer: PrinterSpec): Promise<boolean | null>;
}
