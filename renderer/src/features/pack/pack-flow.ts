import type { PrintJob, Shipment } from '../../api/types';
import type { Tone } from '../../components/StatusLine';
import type { ParcelPatch } from '../parcel/mutations';
import type { MethodPatch } from './MethodCorrection';
import type { Printed } from './mutations';

/**
 * Pack's flow as data: what is open, what was printed last, what the status line says, and what the operator has
 * typed into an opened shipment before printing it. `packFlow` is the one place it changes, a pure function of the
 * state and what happened; PackView sends it what happened and does the rest (requests, sounds, the focus).
 */

export type Opened =
  | { kind: 'none' }
  | { kind: 'new'; ref: string; returnOf?: Shipment | undefined }
  | { kind: 'shipment'; shipment: Shipment };

export interface Note {
  tone: Tone;
  text: string;
}

/** What is done once the operator agrees to leave a filled new-shipment form: a scan resolved, or nothing. */
export type Leaving = { then: 'scan'; value: string } | { then: 'close' };

export interface PackState {
  /** The scan field as typed. */
  value: string;
  opened: Opened;
  /** This desk's last print (its job followed until done). */
  last: Printed | null;
  /** Said on the status line before anything else. */
  note: Note | null;
  /** The new-shipment form has the operator's typing in it. */
  dirty: boolean;
  /** Asking whether to leave a filled form. */
  leaving: Leaving | null;
  /** The opened shipment's parcel as corrected (null: as stored). */
  correction: ParcelPatch | null;
  /** Its method and office as corrected, saved with the parcel by the same PATCH. */
  methodPatch: MethodPatch | null;
  /** The service's (or the desk's) messages for the corrected fields, by pointer. */
  correctionErrors: Record<string, string>;
}

export type PackAction =
  | { type: 'typed'; value: string }
  /** A scan (or a return's lookup) was sent: the outcome before it no longer stands. */
  | { type: 'scanning' }
  /** A scan or a return opened a shipment or a new form. */
  | { type: 'opened'; opened: Exclude<Opened, { kind: 'none' }> }
  /** A scan opened nothing (an unknown code, a refusal): nothing stays open for an Enter to print. */
  | { type: 'notOpened'; note: Note }
  | { type: 'said'; note: Note | null }
  | { type: 'parcelTyped'; patch: ParcelPatch | null }
  | { type: 'methodTyped'; patch: MethodPatch | null }
  /** The print of the opened shipment was refused before its label: the fields named, the reason said. */
  | { type: 'printRefused'; errors: Record<string, string>; note: Note }
  /** The corrections were saved: the shipment as it is now, about to be printed. */
  | { type: 'corrected'; shipment: Shipment }
  | { type: 'printed'; printed: Printed }
  | { type: 'jobChanged'; job: PrintJob }
  | { type: 'escaped' }
  | { type: 'dirty'; dirty: boolean }
  | { type: 'leaveAsked'; leaving: Leaving }
  | { type: 'leaveKept' }
  /** The new-shipment form is closed: canceled, or left once the operator agreed. */
  | { type: 'formClosed' };

export const initialPack: PackState = {
  value: '',
  opened: { kind: 'none' },
  last: null,
  note: null,
  dirty: false,
  leaving: null,
  correction: null,
  methodPatch: null,
  correctionErrors: {},
};

/** The parcel being corrected is the same one: the same shipment, not changed since (its form stays as typed). */
export const parcelKey = (s: Shipment) => `${s.code} ${s.updated_at}`;

const uncorrected = { correction: null, methodPatch: null, correctionErrors: {} } as const;

/** A filled new-shipment form is not left without asking: by Escape, a cancel, or the next scan. */
export const asksBeforeLeaving = (s: PackState): boolean => s.opened.kind === 'new' && s.dirty;

export function packFlow(s: PackState, a: PackAction): PackState {
  switch (a.type) {
    case 'typed':
      return { ...s, value: a.value };
    case 'scanning':
      return { ...s, note: null, last: null, dirty: false };
    case 'opened': {
      // The shipment open, scanned again, keeps its parcel as the operator sees it (the scale's weight in it): the
      // next Enter saves what the field shows. Another shipment, or this one changed since, starts from the store.
      const same =
        a.opened.kind === 'shipment' &&
        s.opened.kind === 'shipment' &&
        parcelKey(a.opened.shipment) === parcelKey(s.opened.shipment);
      return { ...s, ...(same ? {} : uncorrected), opened: a.opened };
    }
    case 'notOpened':
      return { ...s, ...uncorrected, opened: { kind: 'none' }, note: a.note };
    case 'said':
      return { ...s, note: a.note };
    case 'parcelTyped':
      return { ...s, correction: a.patch };
    case 'methodTyped':
      return { ...s, methodPatch: a.patch };
    case 'printRefused':
      return { ...s, correctionErrors: a.errors, note: a.note };
    case 'corrected':
      return { ...s, ...uncorrected, opened: { kind: 'shipment', shipment: a.shipment } };
    case 'printed':
      // A label on its way closes the shipment (the desk waits for the next scan); one that could not be queued
      // leaves it open, to print again.
      return {
        ...s,
        last: a.printed,
        opened: a.printed.job ? { kind: 'none' } : { kind: 'shipment', shipment: a.printed.shipment },
        dirty: false,
        note: null,
      };
    case 'jobChanged':
      return s.last ? { ...s, last: { ...s.last, job: a.job } } : s;
    case 'escaped':
      return { ...s, value: '', opened: { kind: 'none' }, last: null };
    case 'dirty':
      return { ...s, dirty: a.dirty };
    case 'leaveAsked':
      return { ...s, leaving: a.leaving };
    case 'leaveKept':
      return { ...s, leaving: null };
    case 'formClosed':
      return { ...s, leaving: null, opened: { kind: 'none' }, dirty: false };
  }
}
