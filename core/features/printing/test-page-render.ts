import { DEFAULT_DPI } from '../../shared/schemas/codes.js';
import bwipjs from 'bwip-js';
import { PDFDocument } from 'pdf-lib';
import type { MonoRaster } from '../../platform/drawing/raster-types.js';
import { blankRaster, blit, rasterFromPng, rasterToPng } from '../../platform/drawing/mono-raster.js';
import { fitText } from '../../platform/drawing/text-fit.js';
import { renderRaster } from '../labels/raster.js';
import type { LabelFormat } from './types.js';

/*
 * The test page, kept apart and loaded on first use (see test-page.ts): pdf-lib and bwip-js would otherwise be
 * loaded by every `station` command.
 */

async function barcode(opts: Parameters<typeof bwipjs.toBuffer>[0], dpi: number): Promise<MonoRaster> {
  return rasterFromPng(await bwipjs.toBuffer(opts), dpi);
}

/** The name's line under the bars, `width` dots wide, in the labels' font. */
function caption(name: string, width: number, dpi: number): MonoRaster {
  const mm = (width * 25.4) / dpi;
  const box = { x: 0, y: 0, w: mm, h: CAPTION_MM };
  return renderRaster(
    fitText(name, box, { face: 'regular', maxSize: 10, minSize: 6, maxLines: 1, align: 'center' }),
    mm,
    CAPTION_MM,
    dpi,
  );
}
const CAPTION_MM = 5;

/**
 * The test page: the printer's name as Code 128 with its text and a QR, so that a person (or zbarimg) sees at
 * once that graphics, barcodes and the print head work. bwip-js draws the codes; the name is written in the labels'
 * font (bwip-js's own text has ASCII glyphs only: "Térmica" came out as "T rmica").
 */
export async function testPageRaster(name: string, dpi: number): Promise<MonoRaster> {
  const scale = dpi >= 300 ? 3 : 2;
  const code = await barcode({ bcid: 'code128', text: name, scale, height: 12 }, dpi);
  const qr = await barcode({ bcid: 'qrcode', text: `Shipping Station test page: ${name}`, scale: scale + 1 }, dpi);
  const margin = Math.round(dpi / 10);
  const width = Math.max(code.width, qr.width);
  const text = caption(name, width, dpi);
  const gap = Math.round(dpi / 40);
  const page = blankRaster(width + 2 * margin, code.height + gap + text.height + qr.height + 3 * margin, dpi);
  blit(page, code, margin, margin);
  blit(page, text, margin, margin + code.height + gap);
  blit(page, qr, margin, code.height + gap + text.height + 2 * margin);
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
