import type { MonoRaster } from '../../platform/drawing/raster-types.js';
import type { LabelFormat } from './types.js';

/** The printer test page, rendered by a module loaded only when a test page is printed. */
export async function testPageRaster(name: string, dpi: number): Promise<MonoRaster> {
  return (await import('./test-page-render.js')).testPageRaster(name, dpi);
}

export async function testPagePdf(name: string, format: LabelFormat): Promise<Uint8Array> {
  return (await import('./test-page-render.js')).testPagePdf(name, format);
}
