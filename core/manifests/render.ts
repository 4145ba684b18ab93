/**
 * The drawing half of manifests (fontkit, pdf-lib, bwip-js), loaded on first use like the labels' (see
 * `labels/render.ts`): most `station` commands never draw.
 */
export { pagesPdf } from '../drawing/pdf.js';
export { A4_H, A4_W, manifestPages } from './layout.js';
