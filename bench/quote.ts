/**
 * Quote latency and `near` office search over 10,000 offices, through HTTP (as a client sees them) and at the
 * service (what the core itself costs).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../core/app/index.js';
import type { Services } from '../core/app/services.js';
import { benchAccount } from './owner.js';
import { listen } from '../core/adapters/http/listen.js';
import type { BenchSuite } from './run.js';
import { generateOffices, officesJson } from './offices-generator.js';
import { fmt, summarize, time } from './stats.js';

const ZIPS = [
  '5000',
  '5009',
  '5152',
  '5800',
  '2400',
  'C1043AAB',
  '1900',
  '2000',
  '4000',
  '5500',
  '8300',
  '9410',
  '9999',
];
const SIZES = ['S', 'M', 'L', 'XL'] as const;
const OFFICES = 10_000;

/** Deterministic points over Argentina's bounding box (much of it empty land, sea or Chile: the hard case). */
function point(i: number): { lat: number; lng: number } {
  const u = (i * 0.618_033_988_75) % 1;
  const v = (i * 0.754_877_666_25) % 1;
  return { lat: -55 + u * 33, lng: -73.5 + v * 20 };
}

function report(label: string, samples: number[]): void {
  const s = summarize(samples);
  console.log(`${label.padEnd(44)} p50 ${fmt(s.p50)}  p95 ${fmt(s.p95)}  max ${fmt(s.max)}  (n=${s.n})`);
}

export const quoteSuite: BenchSuite = {
  name: 'quote',
  async run() {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-quote-'));
    let services!: Services;
    const core = await createCore({ dataDir, exposeServicesForTests: (s) => (services = s) });
    const { app, url } = await listen(core, { host: '127.0.0.1', port: 0, rateLimitPerMinute: 0 });
    try {
      const { token } = await benchAccount(core, 'bench', ['rates.read', 'shipments.write']);
      const get = async (path: string) => {
        const res = await fetch(url + path, { headers: { authorization: `Bearer ${token}` } });
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      };

      const n = 2000;
      await time(100, (i) => get(`/quote?zip=${ZIPS[i % ZIPS.length]}`)); // warm-up: JIT, schema compilation
      report(
        'quote by zip, HTTP',
        await time(n, (i) => get(`/quote?zip=${ZIPS[i % ZIPS.length]}&size=${SIZES[i % 4]}`)),
      );
      report(
        'quote by lat/lng, HTTP',
        await time(n, (i) => {
          const p = point(i);
          return get(`/quote?lat=${p.lat}&lng=${p.lng}&size=${SIZES[i % 4]}`);
        }),
      );
      report(
        'quote by zip, service',
        await time(n, (i) => services.quotes.quote({ zip: ZIPS[i % ZIPS.length]! }, SIZES[i % 4]!)),
      );

      const started = performance.now();
      const generated = generateOffices(OFFICES, 7);
      const summary = await services.offices.importFile(officesJson(generated), 'json', { replace: true });
      console.log(
        `import ${OFFICES} offices: ${fmt(performance.now() - started)} (${summary.added} added, ${summary.deactivated} deactivated)`,
      );
      await time(50, (i) => get(`/offices?near=${point(i).lat},${point(i).lng}`));
      report(
        `offices near, anywhere, ${OFFICES} offices, HTTP`,
        await time(1000, (i) => {
          const p = point(i + 1000);
          return get(`/offices?near=${p.lat},${p.lng}`);
        }),
      );
      // Buyers live where offices are: a point a few km from an office, the common case.
      report(
        `offices near a town, ${OFFICES} offices, HTTP`,
        await time(1000, (i) => {
          const o = generated[(i * 7919) % OFFICES]!;
          return get(`/offices?near=${o.lat + 0.03},${o.lng - 0.02}`);
        }),
      );
      report(
        `offices near page 5, ${OFFICES} offices, HTTP`,
        await time(500, (i) => {
          const p = point(i + 3000);
          return get(`/offices?near=${p.lat},${p.lng}&page=5`);
        }),
      );
      report(
        `offices near, anywhere, ${OFFICES} offices, service`,
        await time(1000, (i) => services.offices.search({ near: point(i + 5000), page: 1, size: 20 })),
      );
      report(
        `offices by zip, ${OFFICES} offices, HTTP`,
        await time(500, (i) => get(`/offices?zip=${ZIPS[i % ZIPS.length]}`)),
      );
    } finally {
      await app.close();
      await core.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
