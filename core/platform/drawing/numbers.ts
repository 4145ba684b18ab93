/** Up to 3 decimals, no trailing zeros: 2.5, 0.125, 12 (labels and manifests print weights alike). */
export function formatKg(kg: number): string {
  return String(Math.round(kg * 1000) / 1000);
}
