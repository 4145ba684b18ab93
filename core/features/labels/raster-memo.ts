import type { MonoRaster } from '../../platform/drawing/raster-types.js';
import type { LabelData } from './layout.js';
import type { RenderLane } from './render-pool.js';

/** How many drawings are kept: a desk's last labels (~62 kB each at 203 dpi). */
const KEPT = 8;

/**
 * The last labels drawn as rasters, and those being drawn, by what they print: the desk asks for a label's preview
 * as it queues its print job, and both want the same image at the same moment. Drawn once, the second waits for the
 * first instead of queueing a drawing of its own behind it. The key is every field the label prints and the dpi,
 * so a changed shipment (or language, or token) is a new drawing; the lane says only where a new one is drawn.
 * Callers must not change the raster they get.
 */
export function rasterMemo(draw: (label: LabelData, dpi: number, lane: RenderLane) => Promise<MonoRaster>) {
  const kept = new Map<string, Promise<MonoRaster>>();
  return (label: LabelData, dpi: number, lane: RenderLane): Promise<MonoRaster> => {
    const key = `${dpi} ${JSON.stringify(label)}`;
    let drawing = kept.get(key);
    if (drawing) {
      // Most recently used last: the oldest is the one let go.
      kept.delete(key);
    } else {
      drawing = draw(label, dpi, lane);
      // A failed drawing is not remembered: the next caller tries again.
      drawing.catch(() => kept.get(key) === drawing && kept.delete(key));
    }
    kept.set(key, drawing);
    if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
    return drawing;
  };
}
