import { STATUSES, type Status } from './schemas/codes.js';

/**
 * The contract's state machine, and every rule that follows from a shipment's status: the service applies them
 * and states them on each shipment (`actions`); the desk UI may import this module (it is node-free).
 * Staying in the same state (new sub-status or issue) is always allowed.
 */
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

/** Statuses a shipment never leaves; it still takes events that keep the status (a new sub-status or issue). */
export const FINAL_STATUSES: readonly Status[] = STATUSES.filter((s) => nextStatuses(s).length === 0);
export const isFinal = (s: Status) => nextStatuses(s).length === 0;

/** Not yet in the carrier's hands (contract: cancel); canceling a canceled shipment changes nothing. */
export const isCancelable = (s: Status) => nextStatuses(s).includes('CANCELED');

/** A canceled shipment has no label. */
export const isLabellable = (s: Status) => s !== 'CANCELED';

/** What may be done with a shipment now, by its status alone (the caller's permissions aside). */
export interface ShipmentActions {
  cancel: boolean;
  label: boolean;
  packages: boolean;
  events: boolean;
}

/** `packages`: a parent's packages, which a cancel takes along (one in the carrier's hands stops it). */
export function actionsOf(
  s: { status: Status; parent_id: number | null },
  packages: readonly { status: Status }[] = [],
): ShipmentActions {
  return {
    cancel: isCancelable(s.status) && packages.every((p) => p.status === 'CANCELED' || isCancelable(p.status)),
    label: isLabellable(s.status),
    // Packages hang off a parent only, and not once it is final.
    packages: s.parent_id === null && !isFinal(s.status),
    events: !isFinal(s.status),
  };
}

/** In the carrier's hands and not yet final (contract: `shortcut=ACTIVE`). */
export const ACTIVE_STATUSES: readonly Status[] = [
  'COLLECTED',
  'TO_CONSOLIDATE',
  'CONSOLIDATED',
  'TO_RECEIVE',
  'RECEIVED',
  'TO_DELIVER',
  'OUT_FOR_DELIVERY',
  'TO_RETURN',
  'OUT_FOR_RETURN',
  'OUT_FOR_RECOVERY',
  'RECOVERED',
];

/** Where a new shipment starts. */
export function initialStatus(type: string): Status {
  return type === 'RETURN' ? 'TO_RECOVER' : 'TO_COLLECT';
}
