/**
 * Where a job's next unit starts and ends. A unit is `size` labels (one A7 label, or one A4 sheet of 8); with
 * `start` > 1 the first sheet has only its tiles from `start` on, so every later sheet still begins at tile 1.
 * `start` is the tile the unit's first label goes on.
 */
export function nextUnit(
  done: number,
  total: number,
  size: number,
  start: number,
): { from: number; to: number; start: number } {
  const used = done + start - 1;
  return {
    from: done,
    to: Math.min(total, (Math.floor(used / size) + 1) * size - (start - 1)),
    start: (used % size) + 1,
  };
}
