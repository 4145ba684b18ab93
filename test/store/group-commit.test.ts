import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../core/engines/sqlite/db.js';
import { createGroupCommit } from '../../core/engines/sqlite/group-commit.js';

type GroupCommit = ReturnType<typeof createGroupCommit<null>>;

describe('group commit', () => {
  let dir: string;
  let db: Db;
  let other: Database.Database;
  let commits: GroupCommit;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
    db = openDb(join(dir, 'test.db'), []);
    db.exec(`
      CREATE TABLE parent (id INTEGER PRIMARY KEY);
      CREATE TABLE item (
        name TEXT PRIMARY KEY,
        parent INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED
      ) STRICT;
    `);
    // Another connection to the same file, as another process would read it: it sees only what is committed.
    other = new Database(join(dir, 'test.db'), { readonly: true });
    commits = createGroupCommit(db, null);
  });
  afterEach(() => {
    other.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const add = (name: string, parent: number | null = null) =>
    db.prepare('INSERT INTO item (name, parent) VALUES (?, ?)').run(name, parent);
  const committed = () =>
    (other.prepare('SELECT name FROM item ORDER BY name').all() as { name: string }[]).map((r) => r.name);
  const own = () => (db.prepare('SELECT name FROM item ORDER BY name').all() as { name: string }[]).map((r) => r.name);

  it('commits the writes of one turn of the event loop together, and settles each only once committed', async () => {
    const seen: string[][] = [];
    const writes = ['a', 'b', 'c'].map((name) =>
      commits.transaction(async () => {
        add(name);
        // Inside the batch: the earlier writes of this turn are there, and nothing of it is committed yet.
        seen.push([own().join(''), committed().join('')]);
        return name.toUpperCase();
      }),
    );
    expect(own()).toEqual([]); // nothing runs before the current callbacks are done
    const settled: string[][] = [];
    for (const w of writes) void w.then(() => settled.push(committed()));

    expect(await Promise.all(writes)).toEqual(['A', 'B', 'C']);
    expect(seen).toEqual([
      ['a', ''],
      ['ab', ''],
      ['abc', ''],
    ]);
    expect(settled).toEqual([
      ['a', 'b', 'c'],
      ['a', 'b', 'c'],
      ['a', 'b', 'c'],
    ]);
    expect(db.inTransaction).toBe(false);
  });

  it('rolls back a write that throws, alone, and rejects it with its own error', async () => {
    const writes = [
      commits.transaction(async () => add('kept-1')),
      commits.transaction(async () => {
        add('undone');
        throw new Error('refused');
      }),
      commits.transaction(async () => add('kept-2')),
    ];
    const outcomes = await Promise.allSettled(writes);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('refused'));
    expect(committed()).toEqual(['kept-1', 'kept-2']);
  });

  it('stores none of the batch, and rejects every write, when the commit itself fails', async () => {
    // A deferred foreign key is checked at COMMIT: the second write makes the whole commit fail.
    const writes = [commits.transaction(async () => add('first')), commits.transaction(async () => add('orphan', 42))];
    const outcomes = await Promise.allSettled(writes);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(String((outcomes[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(committed()).toEqual([]);
    expect(db.inTransaction).toBe(false);

    // The next turn's writes commit as usual.
    await commits.transaction(async () => add('later'));
    expect(committed()).toEqual(['later']);
  });

  it('makes reads from outside wait while a batch is open, and refuses them from inside one', async () => {
    let inside = '';
    const write = commits.transaction(async () => {
      add('x');
      await Promise.resolve();
      add('y');
      // A read through the outside door, from inside: it would wait for this very transaction.
      inside = await commits.idle().then(
        () => 'waited',
        (e: Error) => e.message,
      );
    });
    setImmediate(() => void commits.idle().then(() => (outside = own().join(''))));
    let outside = '';
    await write;
    await new Promise((r) => setImmediate(r));
    expect(inside).toMatch(/outside its transaction/);
    expect(outside).toBe('xy');
  });

  it("skips the wait for the disk only for a batch of 'with_next' writes, and is back to FULL after it", async () => {
    // The level each COMMIT ran under (2 FULL: fsync; 1 NORMAL: none, made durable by the next FULL one).
    const levels: unknown[] = [];
    const exec = db.exec.bind(db);
    db.exec = (sql: string) => {
      if (sql === 'COMMIT') levels.push(db.pragma('synchronous', { simple: true }));
      return exec(sql);
    };
    const relaxed = { durable: 'with_next' } as const;
    await Promise.all([
      commits.transaction(async () => add('a'), relaxed),
      commits.transaction(async () => add('b'), relaxed),
    ]);
    await Promise.all([commits.transaction(async () => add('c'), relaxed), commits.transaction(async () => add('d'))]);
    await commits.transaction(async () => add('e'));
    expect(levels).toEqual([1, 2, 2]);
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(committed()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('gives writes asked after a batch has committed a commit of their own', async () => {
    await commits.transaction(async () => add('one'));
    expect(committed()).toEqual(['one']);
    const second = commits.transaction(async () => add('two'));
    expect(committed()).toEqual(['one']);
    await second;
    expect(committed()).toEqual(['one', 'two']);
  });
});
