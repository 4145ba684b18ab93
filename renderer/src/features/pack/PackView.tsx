import { useEffect, useEffectEvent, useReducer, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useExplain } from '../../api/errors';
import type { Shipment } from '../../api/types';
import { useFeedback } from '../../operator/feedback';
import { onScan, sameBurst, SCAN_FIELD_ATTR } from '../../operator/scanner';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { StatusLine, type Tone } from '../../components/StatusLine';
import { isFinalJobState } from '@shared/job-states';
import { JobPanel } from '../printing/JobPanel';
import { jobTone } from '../printing/job-tone';
import { PdfLink } from '../printing/PdfLink';
import { useJob } from '../printing/queries';
import { printReason } from '../printing/reason';
import { ParcelCorrection, type BoxKeys } from '../parcel/ParcelCorrection';
import { useCorrectParcel, type ParcelPatch } from '../parcel/mutations';
import { LabelPreview } from './LabelPreview';
import { useScan, usePrintShipment, type Printed } from './mutations';
import { asksBeforeLeaving, initialPack, packFlow, parcelKey, type Leaving } from './pack-flow';
import { MethodCorrection } from './MethodCorrection';
import { NewShipmentForm } from './NewShipmentForm';
import { OFFICE_PATH } from '../offices/PickupOffice';

const WEIGHT = '/dimensions/weight';

/** The key that starts a RETURN of the opened shipment (then Control+Enter creates and prints it). */
export const RETURN_KEY = 'r';
/** A return's order reference: the original's, marked. */
const returnRef = (s: Shipment) => `${s.ref}-R`;

/**
 * Pack, the desk's home: scan, pack, print, next. The scan field is focused and empty whenever the desk waits;
 * a scan opens the shipment (Enter on the empty field prints or reprints it) or starts a new one for the ref. A scan
 * that does not open anything closes what was open, so that the next Enter prints nothing by mistake.
 */
export function PackView() {
  const { t } = useTranslation();
  const explain = useExplain();
  const feedback = useFeedback();
  const scanField = useRef<HTMLInputElement>(null);
  const [flow, dispatch] = useReducer(packFlow, initialPack);
  const { value, opened, last, note, leaving, correction, methodPatch, correctionErrors } = flow;
  const scan = useScan();
  const print = usePrintShipment();
  const job = useJob(last?.job && !isFinalJobState(last.job.state) ? last.job.id : null).data ?? last?.job ?? null;
  const correct = useCorrectParcel();
  const boxKeys = useRef<BoxKeys>(null);
  /** A box key just taken from the empty scan field: the first character of a scan, if a scanner's next key follows. */
  const boxed = useRef<{ key: string; at: number } | null>(null);

  const focusScan = () => void requestAnimationFrame(() => scanField.current?.focus());
  useEffect(focusScan, []);

  // The outcome of this desk's print, heard and seen across the bench (a label held or unconfirmed is announced
  // by the bar of labels waiting, for every desk alike).
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!last) return;
    const key = `${last.shipment.code}:${job?.id ?? 'none'}:${job?.state ?? 'error'}`;
    if (announced.current === key) return;
    announced.current = key;
    if (!job) feedback.signal('failed');
    else if (job.state === 'done') feedback.signal('printed');
    else if (job.state === 'failed' || job.state === 'canceled') feedback.signal('failed');
  }, [last, job, feedback]);

  function printed(p: Printed) {
    dispatch({ type: 'printed', printed: p });
    focusScan();
  }

  /** What the operator asked for that leaves the new-shipment form: the next scan, or the form closed. */
  function proceed(next: Leaving) {
    if (next.then === 'scan') return void resolve(next.value);
    dispatch({ type: 'formClosed' });
    focusScan();
  }

  /** Leaves a filled form only once the operator says so. */
  function leaveForm(next: Leaving) {
    if (asksBeforeLeaving(flow)) dispatch({ type: 'leaveAsked', leaving: next });
    else proceed(next);
  }

  /** A shipment's sound and the scan field's focus when a scan opens nothing. */
  function notOpened(text: string) {
    dispatch({ type: 'notOpened', note: { tone: 'error', text } });
    feedback.signal('failed');
    focusScan();
  }

  async function resolve(wanted: string) {
    dispatch({ type: 'scanning' });
    feedback.clear();
    try {
      const found = await scan.mutateAsync(wanted);
      // A code misread by one character, or another account's label: no new order is made of it.
      if (found.kind === 'unknown') return notOpened(t('pack.status.unknownCode', { code: found.code }));
      dispatch({ type: 'opened', opened: found });
      if (found.kind === 'shipment') focusScan();
    } catch (err) {
      // Nothing stays open: an Enter now must not print the shipment scanned before.
      notOpened(explain(err).message);
    }
  }

  // Scans typed anywhere else on the screen (a form field, a button, the header) come here.
  const scanned = useEffectEvent((v: string) => leaveForm({ then: 'scan', value: v }));
  useEffect(() => onScan(scanned), []);

  function onScanSubmit(e: FormEvent) {
    e.preventDefault();
    const wanted = value.trim();
    dispatch({ type: 'typed', value: '' });
    if (!wanted) {
      if (opened.kind === 'shipment') printOpened();
      return;
    }
    leaveForm({ then: 'scan', value: wanted });
  }

  /** Prints the opened shipment, saving the parcel's corrections first (`patch`: as its form has them now). */
  function printOpened(parcel: ParcelPatch | null = correction) {
    if (opened.kind !== 'shipment' || print.isPending || correct.isPending || !opened.shipment.actions.label) return;
    feedback.clear();
    const patch = parcel || methodPatch ? { ...parcel, ...methodPatch } : null;
    if (patch?.method === 'PICKUP' && patch.office === null) {
      const text = t('offices.needed');
      return dispatch({ type: 'printRefused', errors: { [OFFICE_PATH]: text }, note: { tone: 'error', text } });
    }
    // An order imported without a weight is weighed before its label: the label prints what the scale read.
    if (opened.shipment.dimensions.weight === null && patch?.dimensions?.weight === undefined) {
      const text = t('parcel.weighFirst');
      dispatch({ type: 'printRefused', errors: { [WEIGHT]: text }, note: { tone: 'error', text } });
      feedback.signal('failed');
      requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`[name="${WEIGHT}"]`)?.focus());
      return;
    }
    const send = (s: Shipment) =>
      print.mutate(
        { shipment: s, reprint: s.labelled_at !== null || last?.shipment.code === s.code },
        { onSuccess: printed },
      );
    if (!patch) return send(opened.shipment);
    correct.mutate(
      { shipment: opened.shipment, patch },
      {
        onSuccess: (s) => {
          dispatch({ type: 'corrected', shipment: s });
          send(s);
        },
        onError: (err) => {
          const x = explain(err);
          dispatch({ type: 'printRefused', errors: x.fields, note: { tone: 'error', text: x.message } });
        },
      },
    );
  }

  async function startReturn(s: Shipment) {
    const ref = returnRef(s);
    dispatch({ type: 'scanning' });
    try {
      const found = await scan.mutateAsync(ref);
      // Its return was made before: that one opens, rather than a second.
      dispatch({ type: 'opened', opened: found.kind === 'shipment' ? found : { kind: 'new', ref, returnOf: s } });
    } catch (err) {
      dispatch({ type: 'said', note: { tone: 'error', text: explain(err).message } });
    }
  }

  /**
   * A box key pressed alone in the empty scan field, while the parcel is open to correct, fills the box: a person
   * presses one key, a scanner types on. A printable key that follows at a scanner's pace proves it the first
   * character of a scan (a ref or a QR token may start with a box's key; a shipment code is upper case, no key's):
   * the box is taken back and the character put where it belongs.
   */
  function boxKey(e: KeyboardEvent<HTMLInputElement>): boolean {
    const held = boxed.current;
    boxed.current = null;
    if (e.key.length !== 1 || e.ctrlKey || e.altKey || e.metaKey) return false;
    if (held && value === '' && sameBurst(held.at, e.timeStamp)) {
      boxKeys.current?.unbox();
      dispatch({ type: 'said', note: null });
      dispatch({ type: 'typed', value: held.key + e.key });
      return true;
    }
    if (value !== '' || opened.kind !== 'shipment') return false;
    const name = boxKeys.current?.box(e.key);
    if (!name) return false;
    boxed.current = { key: e.key, at: e.timeStamp };
    const s = opened.shipment;
    dispatch({
      type: 'said',
      note: { tone: 'idle', text: t('pack.status.boxed', { code: s.code, ref: s.ref, name }) },
    });
    return true;
  }

  function scanKeys(e: KeyboardEvent<HTMLInputElement>) {
    if (boxKey(e)) {
      e.preventDefault();
      return;
    }
    if (e.key === 'Escape') {
      dispatch({ type: 'escaped' });
    } else if (e.key.toLowerCase() === RETURN_KEY && e.altKey && opened.kind === 'shipment') {
      e.preventDefault();
      void startReturn(opened.shipment);
    }
  }

  /**
   * Why a print job was refused, said on the status line: Pack's print names no printer, so a refused `/printer` is
   * a station with none for labels yet (not "check the marked fields": no field here is marked).
   */
  function printRefusal(e: unknown): string {
    const noPrinter =
      e instanceof ApiError && e.problem.errors?.some((f) => f.path === '/printer' && f.code === 'required');
    return noPrinter ? t('bar.noPrinter') : explain(e).message;
  }

  const status = ((): { tone: Tone; text: string } => {
    if (note) return note;
    if (last) {
      const code = last.shipment.code;
      if (!job)
        return { tone: 'error', text: t('pack.status.notPrinted', { code, reason: printRefusal(last.printError) }) };
      const vars = {
        code,
        printer: job.printer,
        done: job.progress.done,
        total: job.progress.total,
        reason: printReason(job.last_error, t) ?? '',
      };
      return {
        tone: jobTone(job),
        text: t(`pack.status.${job.last_error && job.state === 'queued' ? 'waiting' : job.state}`, vars),
      };
    }
    if (opened.kind === 'shipment') {
      const s = opened.shipment;
      if (!s.actions.label)
        return {
          tone: 'warn',
          text: t('pack.status.noLabel', { code: s.code, ref: s.ref, status: t(`codes.status.${s.status}`) }),
        };
      return {
        tone: 'idle',
        text: t(s.dimensions.weight === null ? 'pack.status.openedNoWeight' : 'pack.status.opened', {
          code: s.code,
          ref: s.ref,
        }),
      };
    }
    if (opened.kind === 'new')
      return opened.returnOf
        ? { tone: 'idle', text: t('pack.status.newReturn', { ref: opened.ref, code: opened.returnOf.code }) }
        : { tone: 'idle', text: t('pack.status.new', { ref: opened.ref }) };
    return { tone: 'idle', text: t('pack.status.ready') };
  })();

  const shown = opened.kind === 'shipment' ? opened.shipment : opened.kind === 'none' ? last?.shipment : undefined;
  return (
    <main className="page pack-page">
      <form className="card scan-bar" onSubmit={onScanSubmit}>
        <label htmlFor="scan">{t('pack.scan')}</label>
        <input
          id="scan"
          ref={scanField}
          className="scan-input"
          value={value}
          onChange={(e) => dispatch({ type: 'typed', value: e.target.value })}
          onKeyDown={scanKeys}
          placeholder={t('pack.scanHint')}
          autoComplete="off"
          spellCheck={false}
          aria-busy={scan.isPending}
          {...{ [SCAN_FIELD_ATTR]: '' }}
        />
      </form>
      <StatusLine tone={status.tone}>{status.text}</StatusLine>
      {opened.kind === 'new' ? (
        <NewShipmentForm
          key={opened.ref}
          orderRef={opened.ref}
          returnOf={opened.returnOf}
          onPrinted={printed}
          onDirty={(dirty) => dispatch({ type: 'dirty', dirty })}
          onCancel={() => leaveForm({ then: 'close' })}
        />
      ) : (
        shown && (
          <div className="pack-result">
            <section className="card" aria-label={t('pack.shipment', { code: shown.code })}>
              <h2 className="mono">{shown.code}</h2>
              <p>
                {shown.ref} · {shown.destination.contact.name} · {shown.destination.address.city} ·{' '}
                {t(`codes.method.${shown.method}`)} · {t(`codes.type.${shown.type}`)} ·{' '}
                <strong>{t(`codes.status.${shown.status}`)}</strong>
              </p>
              {opened.kind === 'shipment' && shown.actions.label && (
                <p className="row">
                  <Button kind="primary" onClick={() => printOpened()} busy={print.isPending}>
                    {/* A job this desk sent is a reprint; one refused before it was sent (no printer) is not. */}
                    {shown.labelled_at || (last?.shipment.code === shown.code && last.printError == null)
                      ? t('pack.reprint')
                      : t('pack.print')}
                  </Button>
                  <span className="hint">{t('pack.enterPrints')}</span>
                  {shown.type !== 'RETURN' && (
                    <Button onClick={() => void startReturn(shown)}>
                      {t('pack.makeReturn')} <kbd>Alt</kbd>+<kbd>R</kbd>
                    </Button>
                  )}
                </p>
              )}
              {shown.notes && (
                <p className="pack-notes">
                  <strong>{t('pack.notes')}:</strong> {shown.notes}
                </p>
              )}
              {opened.kind === 'shipment' && shown.labelled_at === null && shown.actions.cancel && (
                <MethodCorrection
                  key={`method-${shown.code}`}
                  shipment={shown}
                  weight={correction?.dimensions?.weight ?? shown.dimensions.weight}
                  errors={correctionErrors}
                  onChange={(patch) => dispatch({ type: 'methodTyped', patch })}
                />
              )}
              {opened.kind === 'shipment' && shown.labelled_at === null && shown.actions.cancel && (
                <ParcelCorrection
                  boxKeys={boxKeys}
                  key={parcelKey(shown)}
                  shipment={shown}
                  errors={correctionErrors}
                  onChange={(patch) => dispatch({ type: 'parcelTyped', patch })}
                  onPrint={printOpened}
                  onDone={focusScan}
                />
              )}
              {job && job.state !== 'done' && (
                <JobPanel
                  job={job}
                  onChanged={(changed) => {
                    dispatch({ type: 'jobChanged', job: changed });
                    focusScan();
                  }}
                />
              )}
              {!job && last?.printError != null && last.shipment.code === shown.code && shown.actions.label && (
                <PdfLink codes={[shown.code]} format="PDF_A7" />
              )}
            </section>
            {shown.actions.label && shown.dimensions.weight !== null && (
              <section className="card preview-card">
                <LabelPreview
                  code={shown.code}
                  version={shown.updated_at}
                  // Asked for once its print is done (or meets trouble): the preview's encoding at the station and
                  // its painting here took a two-core desk PC's CPU from the label on its way (issue 17).
                  later={last?.shipment.code === shown.code && job !== null && jobTone(job) === 'working'}
                />
              </section>
            )}
          </div>
        )
      )}
      <ConfirmDialog
        open={leaving !== null}
        title={t('pack.leaveTitle', { ref: opened.kind === 'new' ? opened.ref : '' })}
        confirmLabel={t('pack.leaveConfirm')}
        cancelLabel={t('pack.leaveKeep')}
        onCancel={() => dispatch({ type: 'leaveKept' })}
        onConfirm={() => {
          dispatch({ type: 'formClosed' });
          if (leaving) proceed(leaving);
          focusScan();
        }}
      >
        <p>{t('pack.leaveText')}</p>
      </ConfirmDialog>
    </main>
  );
}
