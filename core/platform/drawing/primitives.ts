/**
 * What a layout produces and every backend draws: a flat list of primitives in millimetres, origin at the
 * top-left corner of the box being drawn (a label, a manifest page), y growing downwards. Text is already
 * fitted (wrapped, shrunk, truncated) with the embedded font's metrics, so backends never measure.
 */
export type FontFace = 'regular' | 'bold';

export interface TextRun {
  kind: 'text';
  text: string;
  /** Left end of the baseline. */
  x: number;
  y: number;
  /** Font size in points (1 pt = 25.4/72 mm). */
  size: number;
  face: FontFace;
  /** Advance width in mm, as measured by the layout; backends may use it to guard against drift. */
  width: number;
}

/** A filled black rectangle (rules and frames are thin rectangles). */
export interface FilledRect {
  kind: 'rect';
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * A barcode as its module matrix: `rows` x `cols` cells of `module` x `moduleHeight` mm, row-major, 1 = black.
 * A Code 128 is one row as tall as its bars; a QR is square modules. Backends draw the black cells as
 * rectangles (the raster one aligned to whole dots), so that bars stay crisp and scan.
 */
export interface ModuleGrid {
  kind: 'modules';
  x: number;
  y: number;
  cols: number;
  rows: number;
  module: number;
  moduleHeight: number;
  bits: Uint8Array;
}

export type Primitive = TextRun | FilledRect | ModuleGrid;

export const MM_PER_PT = 25.4 / 72;

/** Size of the label every format places: A7 portrait. */
export const LABEL_WIDTH_MM = 74;
export const LABEL_HEIGHT_MM = 105;
