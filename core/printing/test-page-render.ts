import { DEFAULT_DPI } from '../schemas/codes.js';
import bwipjs from 'bwip-js';
import { PDFDocument } from 'pdf-lib';
import type { MonoRaster } from '../drawing/raster-types.js';
import { blankRaster, blit, rasterFromPng, rasterToPng } from '../drawing/mono-raster.js';
import type { LabelFormat } from './types.js';

/*
 * The test page, kept apart and loaded on first use (see test-page.ts): pdf-lib and bwip-js would otherwise be
 * loaded by every `station` command.
 */

async function barcode(opts: Parameters<typeof bwipjs.toBuffer>[0], dpi: number): Promise<MonoRaster> {
  return rasterFromPng(await bwipjs.toBuffer(opts), dpi);
}

/**
 * The test page: the printer's name as Code 128 with its text and a QR, so that a person (or zbarimg) sees at
 * once that graphics, barcodes and the print head work. bwip-js draws both (no font or canvas needed).
 */
export async function testPageRaster(name: string, dpi: number): Promise<MonoRaster> {
  const scale = dpi >= 300 ? 3 : 2;
  const code = await barcode(
    { bcid: 'code128', text: name, scale, height: 12, includetext: true, textxalign: 'center' },
    dpi,
  );
  const qr = await barcode({ bcid: 'qrcode', text: `Shipping Station test page: ${name}`, scale: scale + 1 }, dpi);
  const margin = Math.round(dpi / 10);
  const page = blankRaster(Math.max(code.width, qr.width) + 2 * margin, code.height + qr.height + 3 * margin, dpi);
  blit(page, code, margin, margin);
  blit(page, qr, margin, code.height + 2 * margin);
  return page;
}

const MM = 72 / 25.4;
const PAGE: Record<LabelFormat, [number, number]> = { PDF_A7: [74 * MM, 105 * MM], PDF_A4: [210 * MM, 297 * MM] };

/** The test page for PDF printers: the same barcodes as the raw test page, centred on a page of the format. */
export async function testPagePdf(name: string, format: LabelFormat): Promise<Uint8Array> {
  const raster = await testPageRaster(name, DEFAULT_DPI);
  const doc = await PDFDocument.create();
  doc.setTitle(`Shipping Station test page: ${name}`);
  const [w, h] = PAGE[format];
  const page = doc.addPage([w, h]);
  const img = await doc.embedPng(rasterToPng(raster));
  const scale = Math.min((w * 0.9) / img.width, (h * 0.9) / img.height, 72 / raster.dpi);
  page.drawImage(img, {
    x: (w - img.width * scale) / 2,
    y: (h - img.height * scale) / 2,
    width: img.width * scale,
    height: img.height * scale,
  });
  return doc.save();
}
