import { describe, it } from 'vitest';
import { postgresMissing } from '../helpers/postgres.js';

/** Stands for the PostgreSQL half of the suites where PostgreSQL is not installed (CI installs it and runs them). */
describe('the API, contract, printing and CLI suites on PostgreSQL', () => {
  console.log(`skipped: the suites on PostgreSQL: ${postgresMissing}`);
  it.skip(`are skipped here: ${postgresMissing}`, () => undefined);
});
