import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { dataOption, storeOption, withClient } from './context.js';
import type { OpOutput } from '../../shared/client/index.js';
import { DomainError } from '../../shared/errors.js';
import type { RateCardFileT } from '../../features/quote/ratecard-schema.js';

function readJson(file: string): unknown {
  const text = readFileSync(file, 'utf8');
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new DomainError('validation_failed', `${file} is not JSON: ${(e as Error).message}`);
  }
}

function summary(info: OpOutput<'ratecard.get'>): string {
  const f = info.card as RateCardFileT;
  const o = f.origin;
  const lines = [
    `version     ${f.version}${f.name ? ` (${f.name})` : ''}`,
    `imported    ${info.imported_at} from ${info.source}`,
    `origin      ${o.name}, ${o.street}, ${o.city} ${o.zip}, ${o.state}, ${o.country} (${o.lat}, ${o.lng}) ${o.time_zone}`,
    `currency    ${f.currency}`,
    `cut-off     ${f.cutoff}; promises at ${f.delivery_time}; working days ${f.working_days.join(',')} (1 = Monday); ${f.holidays.length} holidays`,
    `sizes       ${Object.entries(f.sizes)
      .map(([s, l]) => `${s} ≤ ${l.max_side_cm} cm side, ${l.max_sum_cm} cm sum, ${l.max_weight_kg} kg`)
      .join('; ')}`,
    `zones       ${f.zones.map((z) => z.id).join(', ')}`,
    ...f.methods.map(
      (m) =>
        `method      ${m.method} "${m.name}"${m.cutoff ? ` cut-off ${m.cutoff}` : ''}: ` +
        Object.entries(m.zones)
          .map(([z, s]) => `${z} ${s.transit_days.join('-')} d`)
          .join(', '),
    ),
  ];
  return lines.join('\n');
}

/** `station ratecard …`: replace and inspect the rate card that quotes come from. */
export function registerRateCardCommands(program: Command): void {
  const ratecard = program.command('ratecard').description('the rate card quotes come from');
  ratecard
    .command('import <file>')
    .description('validate a rate-card JSON file and make it the active card (an invalid card changes nothing)')
    .addOption(dataOption())
    .addOption(storeOption())
    .action((file: string, o: { data?: string }) =>
      withClient(o, undefined, async (client) => {
        const info = await client.call('ratecard.import', { body: { card: readJson(file), source: resolve(file) } });
        console.log(`rate card ${info.version} is active (id ${info.id})`);
      }),
    );
  ratecard
    .command('show')
    .description('print the active rate card: version, origin, zones, methods')
    .addOption(dataOption())
    .addOption(storeOption())
    .option('--json', 'print the card itself, as imported')
    .action((o: { data?: string; json?: boolean }) =>
      withClient(o, undefined, async (client) => {
        const info = await client.call('ratecard.get');
        console.log(o.json ? JSON.stringify(info.card, null, 2) : summary(info));
      }),
    );
}
