import { describe, expect, it } from 'vitest';
import { STATUSES, type Status } from '../../core/shared/schemas/codes.js';
import { CONTRACT_TRANSITIONS } from '../helpers/contract.js';
import {
  ACTIVE_STATUSES,
  actionsOf,
  canMove,
  FINAL_STATUSES,
  initialStatus,
  nextStatuses,
} from '../../core/shared/transitions.js';

describe('state machine', () => {
  it('allows exactly the contract’s transitions, plus staying in the same state, for all 17 x 17 pairs', () => {
    for (const from of STATUSES)
      for (const to of STATUSES)
        expect(canMove(from, to), `${from} -> ${to}`).toBe(
          from === to || (CONTRACT_TRANSITIONS[from] ?? []).includes(to),
        );
  });

  it('lists the next states, and none for final ones', () => {
    for (const from of STATUSES)
      expect([...nextStatuses(from)].sort()).toEqual([...(CONTRACT_TRANSITIONS[from] ?? [])].sort());
    for (const final of ['DELIVERED', 'RETURNED', 'CANCELED'] as Status[]) expect(nextStatuses(final)).toEqual([]);
  });

  it('starts deliveries and exchanges in TO_COLLECT, returns in TO_RECOVER', () => {
    expect(initialStatus('DELIVERY')).toBe('TO_COLLECT');
    expect(initialStatus('EXCHANGE')).toBe('TO_COLLECT');
    expect(initialStatus('RETURN')).toBe('TO_RECOVER');
  });

  it('calls ACTIVE exactly the statuses the contract lists for shortcut=ACTIVE', () => {
    expect([...ACTIVE_STATUSES].sort()).toEqual(
      [
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
      ].sort(),
    );
  });

  it('calls final exactly the statuses the contract gives no way out of', () => {
    expect([...FINAL_STATUSES].sort()).toEqual(STATUSES.filter((s) => !CONTRACT_TRANSITIONS[s]?.length).sort());
    expect([...FINAL_STATUSES].sort()).toEqual(['CANCELED', 'DELIVERED', 'RETURNED']);
  });

  it('states what may be done with a shipment from its status, its place and its packages', () => {
    const parent = (status: Status) => ({ status, parent_id: null });
    expect(actionsOf(parent('TO_COLLECT'))).toEqual({ cancel: true, label: true, packages: true, events: true });
    expect(actionsOf(parent('TO_RECOVER'))).toEqual({ cancel: true, label: true, packages: true, events: true });
    expect(actionsOf(parent('COLLECTED'))).toEqual({ cancel: false, label: true, packages: true, events: true });
    expect(actionsOf(parent('DELIVERED'))).toEqual({ cancel: false, label: true, packages: false, events: false });
    expect(actionsOf(parent('CANCELED'))).toEqual({ cancel: false, label: false, packages: false, events: false });
    expect(actionsOf({ status: 'TO_COLLECT', parent_id: 7 })).toEqual({
      cancel: true,
      label: true,
      packages: false,
      events: true,
    });
    // A cancel takes the packages along: one in the carrier's hands stops it, a canceled one does not.
    expect(actionsOf(parent('TO_COLLECT'), [{ status: 'CANCELED' }, { status: 'TO_COLLECT' }]).cancel).toBe(true);
    expect(actionsOf(parent('TO_COLLECT'), [{ status: 'TO_COLLECT' }, { status: 'COLLECTED' }]).cancel).toBe(false);
  });
});
