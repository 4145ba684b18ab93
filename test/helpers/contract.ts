/**
 * The contract's table of allowed transitions (shared/spec/contract.md), written out as the tests' oracle: the
 * service is checked against the text, never against its own table.
 */
export const CONTRACT_TRANSITIONS: Record<string, string[]> = {
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
