import type { ReactNode } from 'react';

export type Tone = 'idle' | 'working' | 'ok' | 'warn' | 'error';

/**
 * The desk's latest outcome, in one live line (role status): large and coloured, so that success or trouble is
 * seen from across the packing table.
 */
export function StatusLine({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <div role="status" aria-live="polite" className={`status-line tone-${tone}`}>
      {children}
    </div>
  );
}
