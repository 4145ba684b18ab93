/** Latency summaries for the benchmarks. */
export function percentile(sortedMs: number[], p: number): number {
  if (!sortedMs.length) return NaN;
  const i = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1);
  return sortedMs[Math.max(0, i)]!;
}

export function summarize(samplesMs: number[]): { p50: number; p95: number; max: number; n: number } {
  const s = [...samplesMs].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p95: percentile(s, 95), max: s[s.length - 1] ?? NaN, n: s.length };
}

/** The middle value (the upper one of an even count). */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export function fmt(ms: number): string {
  return `${ms.toFixed(2)} ms`;
}

/** Runs `fn` n times and returns each duration in ms. */
export async function time(n: number, fn: (i: number) => unknown): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return out;
}
