import { describe, expect, it } from 'vitest';
import { STATUSES, type Status } from '../../core/schemas/codes.js';
import { CONTRACT_TRANSITIONS } from '../helpers/contract.js';
import { ACTIVE_STATUSES, canMove, initialStatus, nextStatuses } from '../../core/tracking/transitions.js';


describe('state machine', () => {
  it('allows exactly the contract’s transitions, plus staying in the same state, for all 17 x 17 pairs', () => {
    for (const from of STATUSES)
      for (const to of STATUSES)
        expect(canMove(from, to), `${from} -> ${to}`).toBe(from === to || (CONTRACT_TRANSITIONS[from] ?? []).includes(to));
  });

  it('lists the next states, and none for final ones', () => {
    for (const from of STATUSES) expect([...nextStatuses(from)].sort()).toEqual([...(CONTRACT_TRANSITIONS[from] ?? [])].sort());
    for (const final of ['DELIVERED', 'RETURNED', 'CANCELED'] as Status[]) expect(nextStatuses(final)).toEqual([]);
  });

  it('starts deliveries and exchanges in TO_COLLECT, returns in TO_RECOVER', () => {
    expect(initialStatus('DELIVERY')).toBe('TO_COLLECT');
    expect(initialStatus('EXCHANGE')).toBe('TO_COLLECT');
    expect(initialStatus('RETURN')).toBe('TO_RECOVER');
  });

  it('calls ACTIVE exactly the statuses the contract lists for shortcut=ACTIVE', () => {
    expect([...ACTIVE_STATUSES].sort()).toEqual(
      ['COLLECTED', 'TO_CONSOLIDATE', 'CONSOLIDATED', 'TO_RECEIVE', 'RECEIVED', 'TO_DELIVER', 'OUT_FOR_DELIVERY', 'TO_RETURN', 'OUT_FOR_RETURN', 'OUT_FOR_RECOVERY', 'RECOVERED'].sort(),
    );
  });
});
