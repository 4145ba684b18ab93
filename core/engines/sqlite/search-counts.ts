import type { SearchFilter } from '../../shipments/store.js';
import type { Db } from './db.js';

/** The sides a search looks at (`party`), as the columns of the index (migration 016). */
type Party = NonNullable<SearchFilter['party']> | 'ANY';
const PARTIES: Record<Party, readonly string[]> = {
  ANY: ['ident', 'receiver', 'sender'],
  RECEIVER: ['ident', 'receiver'],
  SENDER: ['ident', 'sender'],
};
const PARTY_NAMES = Object.keys(PARTIES) as Party[];

/**
 * Totals of single search words kept as the index is written (migration 021): for each word kept (a token of the
 * index or a prefix of one, folded as the index folds it), how many shipments of each account have it, per
 * `party`. A search of one word and no other filter reads its total here instead of counting every match, which is
 * what a broad word cost the first time it was asked (12–90 ms for a city at 1,000,000 shipments).
 *
 * Which words are kept: those with at least `searchKeptFrom` matches when the store was first opened with this
 * version (`countAhead`), and any word found to have that many when a search counts it (`keep`). A word's count
 * starts in the same write transaction that registers it, over what the index holds; the index writes after it
 * add their shipments' words, and a correction takes the old words out and puts the new ones in. Words are
 * never dropped, so every writer knows them all: a writer reloads them when their number changed.
 *
 * The words of a shipment are those FTS5's own tokenizer makes of it, read back from a scratch FTS5 table of this
 * connection (`temp.search_tokens`): a second tokenizer in JavaScript would fold some letter differently one day,
 * and a kept total would drift from the index's.
 */
export function createSearchCounts(db: Db, spec: { words: string; span: number; keptFrom: number }) {
  db.exec(`
    CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_tokens USING fts5(
      ident, receiver, sender, content='', tokenize = 'unicode61 remove_diacritics 2'
    );
    CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_tokens_v USING fts5vocab('temp', 'search_tokens', 'instance');
  `);
  const tokenizeRange = db.prepare<[number, number]>(
    `INSERT INTO temp.search_tokens (rowid, ident, receiver, sender) SELECT id, ${spec.words} FROM shipments WHERE id > ? AND id <= ?`,
  );
  const tokenizeText = db.prepare<[string]>('INSERT INTO temp.search_tokens (rowid, ident) VALUES (1, ?)');
  const tokens = db.prepare<[], { term: string; doc: number; col: string }>(
    'SELECT term, doc, col FROM temp.search_tokens_v',
  );
  const clearTokens = db.prepare("INSERT INTO temp.search_tokens (search_tokens) VALUES ('delete-all')");
  const accountsOf = db.prepare<[number, number], { id: number; account_id: number }>(
    'SELECT id, account_id FROM shipments WHERE id > ? AND id <= ?',
  );
  const keptNumber = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM search_words_kept');
  const keptWords = db.prepare<[], { word: string }>('SELECT word FROM search_words_kept');
  const addKept = db.prepare<[string]>('INSERT OR IGNORE INTO search_words_kept (word) VALUES (?)');
  const add = db.prepare<[string, number, string, number]>(
    `INSERT INTO search_word_counts (word, account_id, party, n) VALUES (?, ?, ?, ?)
     ON CONFLICT DO UPDATE SET n = n + excluded.n`,
  );
  const kept = db.prepare<[string, number, string], { n: number }>(
    'SELECT n FROM search_word_counts WHERE word = ? AND account_id = ? AND party = ?',
  );
  const isKept = db.prepare<[string], { word: string }>('SELECT word FROM search_words_kept WHERE word = ?');
  const countByAccount = db.prepare<[string], { account: number; n: number }>(
    `SELECT rowid / ${spec.span} AS account, count(*) AS n FROM shipment_search WHERE shipment_search MATCH ? GROUP BY 1`,
  );

  /** The words kept, as this connection last read them. */
  let words = new Set<string>();
  function refresh(): void {
    const n = keptNumber.get()!.n;
    if (n !== words.size) words = new Set(keptWords.all().map((r) => r.word));
  }

  /** The tokens of what the scratch table holds, by document and column; then empties it. */
  function drain(): Array<{ term: string; doc: number; col: string }> {
    const all = tokens.all();
    clearTokens.run();
    return all;
  }

  /**
   * Adds (`sign` 1) or takes out (-1) the words of the shipments with ids in (from, to] to the kept totals, as
   * their words are now. The caller holds the write transaction.
   */
  function count(from: number, to: number, sign: 1 | -1): void {
    refresh();
    if (!words.size) return;
    tokenizeRange.run(from, to);
    // Per shipment, each kept word it has and the columns it is in (bit per column of PARTIES.ANY).
    const perDoc = new Map<number, Map<string, number>>();
    for (const { term, doc, col } of drain()) {
      const bit = 1 << PARTIES.ANY.indexOf(col);
      let mine = perDoc.get(doc);
      if (!mine) perDoc.set(doc, (mine = new Map<string, number>()));
      // Every prefix of the token, by characters: a search word is matched as a prefix of a token.
      let prefix = '';
      for (const ch of term) {
        prefix += ch;
        if (words.has(prefix)) mine.set(prefix, (mine.get(prefix) ?? 0) | bit);
      }
    }
    const deltas = new Map<string, { word: string; account: number; party: Party; n: number }>();
    for (const { id, account_id: account } of accountsOf.iterate(from, to)) {
      const mine = perDoc.get(id);
      if (!mine) continue;
      for (const [word, mask] of mine) {
        for (const party of PARTY_NAMES) {
          if (!PARTIES[party].some((c) => mask & (1 << PARTIES.ANY.indexOf(c)))) continue;
          const key = `${account}\u0000${party}\u0000${word}`;
          const d = deltas.get(key);
          if (d) d.n += sign;
          else deltas.set(key, { word, account, party, n: sign });
        }
      }
    }
    for (const d of deltas.values()) add.run(d.word, d.account, d.party, d.n);
  }

  /**
   * Starts keeping `word` (a single token as the index folds it): its count per account and party over what the
   * index holds. The caller holds the write transaction, so that no index write falls between.
   */
  function keep(word: string): void {
    refresh();
    if (words.has(word)) return;
    for (const party of PARTY_NAMES) {
      const columns = party === 'ANY' ? '' : `{${PARTIES[party].join(' ')}} : `;
      for (const { account, n } of countByAccount.all(`${columns}"${word.replaceAll('"', '""')}"*`))
        add.run(word, account, party, n);
    }
    addKept.run(word);
    words.add(word);
  }

  /**
   * The words with at least `keptFrom` matches in the index now, at most (their tokens' shipments added up, which
   * counts twice a shipment with two tokens of one prefix): FTS5's vocabulary lists the tokens in order, so each
   * prefix's tokens follow each other, and a stack of the current token's prefixes sums them in one pass.
   */
  function broadWords(): string[] {
    db.exec(
      "CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_vocabulary USING fts5vocab('main', 'shipment_search', 'row')",
    );
    const found: string[] = [];
    const stack: Array<{ prefix: string; n: number }> = [];
    for (const { term, doc } of db
      .prepare<[], { term: string; doc: number }>('SELECT term, doc FROM temp.search_vocabulary')
      .iterate()) {
      const chars = [...term];
      let same = 0;
      while (same < stack.length && same < chars.length && stack[same]!.prefix === chars.slice(0, same + 1).join(''))
        same++;
      for (const closed of stack.splice(same)) if (closed.n >= spec.keptFrom) found.push(closed.prefix);
      for (let i = same; i < chars.length; i++) stack.push({ prefix: chars.slice(0, i + 1).join(''), n: 0 });
      for (const open of stack) open.n += doc;
    }
    for (const closed of stack) if (closed.n >= spec.keptFrom) found.push(closed.prefix);
    return found;
  }

  return {
    /**
     * Once per store (the first start of this version, `counted_ahead`): keeps the words that are broad already,
     * each in a write transaction of its own (a city's three counts at 1,000,000 shipments take ~0.1 s).
     */
    countAhead(log: (msg: string) => void): void {
      const done = db.prepare<[], { n: number }>('SELECT counted_ahead AS n FROM shipment_search_progress');
      if (done.get()!.n) return;
      const started = Date.now();
      const broad = broadWords();
      if (broad.length)
        log(`counting the totals of ${broad.length} broad search words once; a large store takes a few minutes`);
      for (const word of broad) db.transaction(() => keep(word)).immediate();
      db.prepare('UPDATE shipment_search_progress SET counted_ahead = 1').run();
      if (broad.length) log(`search totals counted in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    },
    /** The shipments with ids in (from, to] were just added to the index. */
    indexed: (from: number, to: number) => count(from, to, 1),
    /** A shipment's words are about to be taken out of the index (and put in again: `indexed(id - 1, id)`). */
    unindexing: (id: number) => count(id - 1, id, -1),
    keep,
    /**
     * The one token `word` (a word of a search) is to the index, or undefined when it is several, or none. Read
     * through the scratch table, whatever transaction is open: it is this connection's own.
     */
    token(word: string): string | undefined {
      tokenizeText.run(word);
      const all = drain();
      return all.length === 1 ? all[0]!.term : undefined;
    },
    /** The kept total of a token for an account and party, or undefined when the token is not kept. */
    total(token: string, accountId: number, party: SearchFilter['party']): number | undefined {
      if (!isKept.get(token)) return undefined;
      return kept.get(token, accountId, party ?? 'ANY')?.n ?? 0;
    },
  };
}
