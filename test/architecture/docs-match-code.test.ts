import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/station.js';

/** The README and every page of docs/, except the benchmark log, which is history and names what was then. */
const documents = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs')).flatMap((f) =>
    f.endsWith('.md') && f !== 'benchmark-log.md' ? [`docs/${f}`] : [],
  ),
];
const read = (doc: string): string => readFileSync(join(ROOT, doc), 'utf8');

/** Top folders whose files a document names as paths a reader would open. */
const SOURCE = /(?<![\w./-])((?:core|renderer|electron|bench|test|resources)\/[\w./{},*-]*[\w*}])/g;

/** `a/{b,c}.ts` → `a/b.ts`, `a/c.ts`: the documents shorten sibling files so. */
function expand(path: string): string[] {
  const m = /^(.*?)\{([^{}]*)\}(.*)$/.exec(path);
  if (!m) return [path];
  return m[2]!.split(',').flatMap((part) => expand(`${m[1]}${part}${m[3]}`));
}

describe('the documents say what the code is', () => {
  it('name only files and folders that exist', () => {
    const missing: string[] = [];
    for (const doc of documents) {
      for (const span of read(doc).matchAll(/`([^`\n]+)`/g)) {
        for (const m of span[1]!.matchAll(SOURCE)) {
          for (const path of expand(m[1]!)) {
            if (path.includes('*')) continue;
            if (!existsSync(join(ROOT, path.replace(/\/$/, '')))) missing.push(`${doc}: ${path}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('list every variable the benchmarks read, in docs/benchmarks.md', () => {
    const page = read('docs/benchmarks.md');
    const read_ = readdirSync(join(ROOT, 'bench'))
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) => [...read(`bench/${f}`).matchAll(/process\.env\.(BENCH_[A-Z0-9_]+)/g)].map((m) => m[1]!));
    const undocumented = [...new Set(read_)].filter((v) => !page.includes(`\`${v}\``));
    expect(undocumented).toEqual([]);
  });

  it('keep the README a page a newcomer reads in five minutes: the two commands first, then where to go', () => {
    const readme = read('README.md');
    expect(readme.split('\n').length).toBeLessThanOrEqual(120);
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(firstBlock).toMatch(/npm start/);
    expect(firstBlock).toMatch(/npm test/);
    for (const page of documents.filter((d) => d !== 'README.md')) expect(readme).toContain(`(${page})`);
  });
});
