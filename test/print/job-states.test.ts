import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTIONS_BY_STATE, JOB_STATES } from '../../core/shared/job-states.js';
import { ROOT } from '../helpers/station.js';

describe('the print-job states', () => {
  it('live in one module that imports nothing, so the desk can use the same rule', () => {
    const source = readFileSync(join(ROOT, 'core', 'shared', 'job-states.ts'), 'utf8');
    expect(source).not.toMatch(/^\s*import\s/m);
    expect(Object.keys(ACTIONS_BY_STATE).sort()).toEqual([...JOB_STATES].sort());
    expect(ACTIONS_BY_STATE.unconfirmed).toEqual(expect.arrayContaining(['confirm', 'print_again']));
  });
});
