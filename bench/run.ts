/**
 * `npm run bench`: speed and memory goals, measured (never asserted in tests). Each area adds its suite here.
 * Usage: npm run bench [-- suite-name …]
 */
import { quoteSuite } from './quote.js';
import { shipmentsSuite } from './shipments.js';
import { printingSuite } from './printing.js';
import { labelsSuite } from './labels.js';
import { createSuite } from './create.js';
import { deskSuite } from './desk.js';
import { durabilitySuite } from './durability.js';
import { postgresSuite } from './postgres.js';
import { importSuite } from './import.js';
import { webhooksSuite } from './webhooks.js';
import { pathsSuite } from './paths.js';

export interface BenchSuite {
  name: string;
  run(): Promise<void>;
}

// Benchmarks measure the service, not its daily backup (a copy of a seeded million-shipment store at each start).
process.env.STATION_BACKUP_KEEP ??= '0';

const suites: BenchSuite[] = [
  quoteSuite,
  shipmentsSuite,
  createSuite,
  printingSuite,
  labelsSuite,
  deskSuite,
  durabilitySuite,
  postgresSuite,
  importSuite,
  webhooksSuite,
  pathsSuite,
];

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  for (const s of suites) {
    if (only.length && !only.includes(s.name)) continue;
    console.log(`\n## ${s.name}`);
    await s.run();
  }
}

await main();
