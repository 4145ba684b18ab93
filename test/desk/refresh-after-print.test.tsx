// A .tsx test: it imports the renderer, so it is typechecked with the page's settings (tsconfig.web.json: DOM, React).
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { rootKeys } from '../../renderer/src/api/keys';
import { refreshAfterPrint } from '../../renderer/src/features/pack/mutations';
import { printingQueries } from '../../renderer/src/features/printing/queries';

/**
 * What the desk asks for again after a print, while the operator waits for "printed": the lists of jobs, and not the
 * printers (each printer's status request reached the printer taking the label) nor the job being followed (its
 * long poll would restart).
 */
describe('the desk after a print', () => {
  const seeded = () => {
    const qc = new QueryClient();
    const keys = {
      printers: printingQueries.printers(),
      status: [...printingQueries.printers(), 'desk-a7', 'status'],
      jobList: [...printingQueries.jobs(), 'list', { state: 'queued' }],
      followed: printingQueries.job(7),
      shipments: [...rootKeys.shipments, 'list'],
    };
    for (const key of Object.values(keys)) qc.setQueryData(key, { seeded: true });
    const stale = () =>
      Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, qc.getQueryState(key)!.isInvalidated]));
    return { qc, stale };
  };

  it('refreshes the job lists only', () => {
    const { qc, stale } = seeded();
    refreshAfterPrint(qc, false);
    expect(stale()).toEqual({ printers: false, status: false, jobList: true, followed: false, shipments: false });
  });

  it('and the shipments when one was created', () => {
    const { qc, stale } = seeded();
    refreshAfterPrint(qc, true);
    expect(stale()).toEqual({ printers: false, status: false, jobList: true, followed: false, shipments: true });
  });
});
