/**
 * The drawing half of labels (fontkit, pdf-lib, bwip-js, Skia). The service loads it on first use: imported
 * eagerly it adds over a second of start-up to every `station` command, most of which never draw.
 */
export { labelLayout } from './layout.js';
export { labelsPdf } from './sheets.js';
export { renderRaster } from './raster.js';
