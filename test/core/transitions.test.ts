import { describe, expect, it } from 'vitest';
import { STATUSES, type Status } from '../../core/schemas/codes.js';
import { ACTIVE_STATUSES, canMove, initialStatus, nextStatuses } from '../../core/tracking/transitions.js';

/** The contract's table, as written there. */
const CONTRACT: Record<string, string[]> = {
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

describe('state machine', () => {
  it('allows exactly the contract’s transitions, plus staying in the same state, for all 17 x 17 pairs', () => {
    for (const from of STATUSES)
      for (const to of STATUSES)
        expect(canMove(from, to), `${from} -> ${to}`).toBe(from === to || (CONTRACT[from] ?? []).includes(to));
  });

  it('lists the next states, and none for final ones', () => {
    for (const from of STATUSES) expect([...nextStatuses(from)].sort()).toEqual([...(CONTRACT[from] ?? [])].sort());
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
