// A .tsx test: it imports the renderer, so it is typechecked with the page's settings (tsconfig.web.json).
import { describe, expect, it } from 'vitest';
import type { PrintJob, Shipment } from '../../renderer/src/api/types';
import {
  asksBeforeLeaving,
  initialPack,
  packFlow,
  type PackAction,
  type PackState,
} from '../../renderer/src/features/pack/pack-flow';

// Only what the flow reads of a shipment and a job: the rest of them is the service's.
const shipment = (code: string, updated_at = '2026-11-29T10:00:00Z') => ({ code, updated_at }) as Shipment;
const job = (state: PrintJob['state']) => ({ id: 7, state }) as PrintJob;
const run = (...actions: PackAction[]) => actions.reduce(packFlow, initialPack);
const error = { tone: 'error', text: 'Unknown code' } as const;

describe("Pack's flow", () => {
  it('a scanned order opens its shipment; a ref of no shipment opens a new form for it', () => {
    const a = shipment('ABCDEFGHJK');
    expect(run({ type: 'opened', opened: { kind: 'shipment', shipment: a } }).opened).toEqual({
      kind: 'shipment',
      shipment: a,
    });
    expect(run({ type: 'opened', opened: { kind: 'new', ref: 'ORD-1' } }).opened).toEqual({
      kind: 'new',
      ref: 'ORD-1',
    });
  });

  it("a re-scan of the opened shipment keeps the operator's parcel and method; another shipment starts from the store", () => {
    const a = shipment('ABCDEFGHJK');
    const typed = run(
      { type: 'opened', opened: { kind: 'shipment', shipment: a } },
      { type: 'parcelTyped', patch: { dimensions: { weight: 1.25 } } },
      { type: 'methodTyped', patch: { method: 'PICKUP', office: null } },
      { type: 'printRefused', errors: { '/office': 'Choose an office' }, note: error },
    );
    const again = [{ type: 'scanning' }, { type: 'opened', opened: { kind: 'shipment', shipment: a } }] as const;
    expect(again.reduce(packFlow, typed)).toMatchObject({
      correction: { dimensions: { weight: 1.25 } },
      methodPatch: { method: 'PICKUP', office: null },
      correctionErrors: { '/office': 'Choose an office' },
      note: null,
    });
    for (const other of [shipment('ZZZZZZZZZZ'), shipment('ABCDEFGHJK', '2026-11-29T11:00:00Z')])
      expect(packFlow(typed, { type: 'opened', opened: { kind: 'shipment', shipment: other } })).toMatchObject({
        correction: null,
        methodPatch: null,
        correctionErrors: {},
      });
  });

  it('a scan that opens nothing closes what was open and its corrections, and says why', () => {
    const s = run(
      { type: 'opened', opened: { kind: 'shipment', shipment: shipment('ABCDEFGHJK') } },
      { type: 'parcelTyped', patch: { dimensions: { weight: 2 } } },
      { type: 'notOpened', note: error },
    );
    expect(s).toMatchObject({ opened: { kind: 'none' }, correction: null, note: error });
  });

  it('the label asked: its corrections saved, the shipment as saved; queued, the desk waits for the next scan', () => {
    const a = shipment('ABCDEFGHJK');
    const saved = shipment('ABCDEFGHJK', '2026-11-29T10:05:00Z');
    const corrected = run(
      { type: 'opened', opened: { kind: 'shipment', shipment: a } },
      { type: 'parcelTyped', patch: { dimensions: { weight: 2 } } },
      { type: 'corrected', shipment: saved },
    );
    expect(corrected).toMatchObject({ opened: { kind: 'shipment', shipment: saved }, correction: null });
    const queued = packFlow(corrected, {
      type: 'printed',
      printed: { shipment: saved, job: job('queued'), printError: null },
    });
    expect(queued).toMatchObject({ opened: { kind: 'none' }, last: { shipment: saved }, note: null });
    // Followed until printed; the job's news replaces the job, nothing else.
    const done = packFlow(queued, { type: 'jobChanged', job: job('done') });
    expect(done.last?.job?.state).toBe('done');
    expect({ ...done, last: null }).toEqual({ ...queued, last: null });
  });

  it('a label that could not be queued (no printer) keeps the shipment open, to print again', () => {
    const a = shipment('ABCDEFGHJK');
    const s = run(
      { type: 'opened', opened: { kind: 'shipment', shipment: a } },
      { type: 'printed', printed: { shipment: a, job: null, printError: new Error('no printer') } },
    );
    expect(s.opened).toEqual({ kind: 'shipment', shipment: a });
    expect(s.last?.job).toBeNull();
  });

  it('a print refused before its label marks the fields and says why, leaving the shipment open', () => {
    const a = shipment('ABCDEFGHJK');
    const note = { tone: 'error', text: 'Weigh it first' } as const;
    const s = run(
      { type: 'opened', opened: { kind: 'shipment', shipment: a } },
      { type: 'printRefused', errors: { '/dimensions/weight': 'Weigh it first' }, note },
    );
    expect(s).toMatchObject({ opened: { kind: 'shipment', shipment: a }, note });
    expect(s.correctionErrors).toEqual({ '/dimensions/weight': 'Weigh it first' });
  });

  it('a filled new form is left only once the operator agrees: kept, it stays; left, it closes', () => {
    const open = run({ type: 'opened', opened: { kind: 'new', ref: 'ORD-1' } });
    expect(asksBeforeLeaving(open)).toBe(false);
    const filled = packFlow(open, { type: 'dirty', dirty: true });
    expect(asksBeforeLeaving(filled)).toBe(true);
    const asked = packFlow(filled, { type: 'leaveAsked', leaving: { then: 'scan', value: 'ORD-2' } });
    expect(asked.leaving).toEqual({ then: 'scan', value: 'ORD-2' });
    expect(packFlow(asked, { type: 'leaveKept' })).toEqual({ ...filled, leaving: null });
    expect(packFlow(asked, { type: 'formClosed' })).toMatchObject({
      opened: { kind: 'none' },
      dirty: false,
      leaving: null,
    });
  });

  it('Escape in the scan field empties it and closes what was open and the last outcome', () => {
    const a = shipment('ABCDEFGHJK');
    const s: PackState = run(
      { type: 'opened', opened: { kind: 'shipment', shipment: a } },
      { type: 'printed', printed: { shipment: a, job: null, printError: null } },
      { type: 'typed', value: 'ORD' },
      { type: 'escaped' },
    );
    expect(s).toMatchObject({ value: '', opened: { kind: 'none' }, last: null });
  });

  it('a new scan clears the outcome before it and the form left behind', () => {
    const a = shipment('ABCDEFGHJK');
    const s = run(
      { type: 'printed', printed: { shipment: a, job: job('done'), printError: null } },
      { type: 'said', note: error },
      { type: 'dirty', dirty: true },
      { type: 'scanning' },
    );
    expect(s).toMatchObject({ last: null, note: null, dirty: false });
  });
});
