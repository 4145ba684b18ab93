import type { SearchFilter } from '../../features/shipments/store.js';

/** The sides a search looks at (`party`, ANY when none is asked). */
export type Party = NonNullable<SearchFilter['party']> | 'ANY';

/** The columns of the index each side searches (migration 016); ref and code (`ident`) are always searched. */
export const PARTY_COLUMNS: Record<Party, readonly string[]> = {
  ANY: ['ident', 'receiver', 'sender'],
  RECEIVER: ['ident', 'receiver'],
  SENDER: ['ident', 'sender'],
};

/**
 * The words of a search as an FTS5 query: every word must match, as a phrase (FTS5 splits a quoted string into its
 * tokens, which must follow each other), the last token as a prefix; quoted, so no word is syntax. A side other
 * than ANY is a column filter on each word.
 */
export function ftsQuery(words: readonly string[], party: Party = 'ANY'): string {
  const columns = party === 'ANY' ? '' : `{${PARTY_COLUMNS[party].join(' ')}} : `;
  return words.map((w) => `${columns}"${w.replaceAll('"', '""')}"*`).join(' ');
}
