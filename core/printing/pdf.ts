import { PDFDocument } from 'pdf-lib';
import { rasterToPng, testPageRaster } from './raster.js';
import type { LabelFormat } from './types.js';

const MM = 72 / 25.4;
const PAGE: Record<LabelFormat, [number, number]> = { PDF_A7: [74 * MM, 105 * MM], PDF_A4: [210 * MM, 297 * MM] };

/** The test page for PDF printers: the same barcodes as the raw test page, centred on a page of the format. */
export async function testPagePdf(name: string, format: LabelFormat): Promise<Uint8Array> {
  const raster = await testPageRaster(name, 203);
  const doc = await PDFDocument.create();
  doc.setTitle(`Shipping Station test page: ${name}`);
  const [w, h] = PAGE[format];
  const page = doc.addPage([w, h]);
  const img = await doc.embedPng(rasterToPng(raster));
  const scale = Math.min((w * 0.9) / img.width, (h * 0.9) / img.height, 72 / raster.dpi);
  page.drawImage(img, { x: (w - img.width * scale) / 2, y: (h - img.height * scale) / 2, width: img.width * scale, height: img.height * scale });
  return doc.save();
}
