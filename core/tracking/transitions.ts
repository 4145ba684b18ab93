import type { Status } from '../schemas/codes.js';

/** The contract's state machine. Staying in the same state (new sub-status or issue) is always allowed. */
const NEXT: Partial<Record<Status, readonly Status[]>> = {
  TO_CONFIRM: ['TO_COLLECT', 'CANCELED'],
  TO_COLLECT: ['COLLECTED', 'CANCELED'],
  COLLECTED: ['TO_CONSOLIDATE', 'TO_RECEIVE', 'TO_DELIVER'],
  TO_CONSOLIDATE: ['CONSOLIDATED'],
  CONSOLIDATED: ['TO_DELIVER'],
  TO_RECEIVE: ['RECEIVED'],
  RECEIVED: ['TO_DELIVER', 'TO_RETURN'],
  TO_DELIVER: ['OUT_FOR_DELIVERY', 'DELIVERED', 'TO_RETURN'],
  OUT_FOR_DELIVERY: ['DELIVERED', 'TO_DELIVER', 'TO_RETURN'],
  TO_RETURN: ['OUT_FOR_RETURN'],
  OUT_FOR_RETURN: ['RETURNED'],
  TO_RECOVER: ['OUT_FOR_RECOVERY', 'CANCELED'],
  OUT_FOR_RECOVERY: ['RECOVERED', 'TO_RECOVER'],
  RECOVERED: ['TO_RECEIVE'],
};

export function canMove(from: Status, to: Status): boolean {
  return from === to || (NEXT[from]?.includes(to) ?? false);
}

export function nextStatuses(from: Status): readonly Status[] {
  return NEXT[from] ?? [];
}

/** In the carrier's hands and not yet final (contract: `shortcut=ACTIVE`). */
export const ACTIVE_STATUSES: readonly Status[] = [
  'COLLECTED', 'TO_CONSOLIDATE', 'CONSOLIDATED', 'TO_RECEIVE', 'RECEIVED', 'TO_DELIVER', 'OUT_FOR_DELIVERY',
  'TO_RETURN', 'OUT_FOR_RETURN', 'OUT_FOR_RECOVERY', 'RECOVERED',
];

/** Where a new shipment starts. */
export function initialStatus(type: string): Status {
  return type === 'RETURN' ? 'TO_RECOVER' : 'TO_COLLECT';
}
