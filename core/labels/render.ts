/**
 * The drawing half of labels and manifests (fontkit, pdf-lib, bwip-js, Skia). Services load it on first use:
 * imported eagerly it adds over a second of start-up to every `station` command, most of which never draw.
 */
export { labelLayout } from './layout.js';
export { labelsPdf } from './sheets.js';
export { renderRaster } from './raster.js';
export { pagesPdf } from './pdf.js';
export { A4_H, A4_W, manifestPages } from '../manifests/layout.js';
