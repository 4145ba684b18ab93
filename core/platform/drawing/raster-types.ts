/** A 1-bit image of a label, as thermal printers take it. */
export interface MonoRaster {
  width: number;
  height: number;
  stride: number /* bytes per row, width/8 rounded up */;
  data: Uint8Array /* 1 = black, MSB first */;
  dpi: number;
}
