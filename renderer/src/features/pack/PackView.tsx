import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useExplain } from '../../api/errors';
import type { Shipment } from '../../api/types';
import { Button } from '../../components/Button';
import { StatusLine, type Tone } from '../../components/StatusLine';
import { JobPanel } from '../printing/JobPanel';
import { jobTone } from '../printing/job-tone';
import { PdfLink } from '../printing/PdfLink';
import { useJob } from '../printing/queries';
import { printReason } from '../printing/reason';
import { ParcelCorrection } from '../parcel/ParcelCorrection';
import { useCorrectParcel, type ParcelPatch } from '../parcel/mutations';
import { LabelPreview } from './LabelPreview';
import { useScan, usePrintShipment, type Printed } from './mutations';
import { NewShipmentForm } from './NewShipmentForm';

type Opened = { kind: 'none' } | { kind: 'new'; ref: string } | { kind: 'shipment'; shipment: Shipment };

/**
 * Pack, the desk's home: scan, pack, print, next. The scan field is focused and empty whenever the desk waits;
 * a scan opens the shipment (Enter on the empty field prints or reprints it) or starts a new one for the ref.
 */
export function PackView() {
  const { t } = useTranslation();
  const explain = useExplain();
  const scanField = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [opened, setOpened] = useState<Opened>({ kind: 'none' });
  const [last, setLast] = useState<Printed | null>(null);
  const [note, setNote] = useState<{ tone: Tone; text: string } | null>(null);
  const scan = useScan();
  const print = usePrintShipment();
  const job = useJob(last?.job?.id ?? null).data ?? last?.job ?? null;
  // An opened shipment without a label may have its parcel corrected first (box, the scale's weight).
  const [correction, setCorrection] = useState<ParcelPatch | null>(null);
  const [correctionErrors, setCorrectionErrors] = useState<Record<string, string>>({});
  const correct = useCorrectParcel();

  const focusScan = () => void requestAnimationFrame(() => scanField.current?.focus());
  useEffect(focusScan, []);

  function printed(p: Printed) {
    setLast(p);
    setOpened(p.job ? { kind: 'none' } : { kind: 'shipment', shipment: p.shipment });
    setNote(null);
    focusScan();
  }

  async function onScan(e: FormEvent) {
    e.preventDefault();
    const wanted = value.trim();
    setValue('');
    if (!wanted) {
      if (opened.kind === 'shipment') printOpened();
      return;
    }
    setNote(null);
    try {
      const found = await scan.mutateAsync(wanted);
      if (found.kind === 'shipment') {
        setCorrection(null);
        setCorrectionErrors({});
        setOpened({ kind: 'shipment', shipment: found.shipment });
        setLast(null);
        focusScan();
      } else {
        setOpened({ kind: 'new', ref: found.ref });
        setLast(null);
      }
    } catch (err) {
      setNote({ tone: 'error', text: explain(err).message });
      focusScan();
    }
  }

  function printOpened() {
    if (opened.kind !== 'shipment' || print.isPending || correct.isPending) return;
    const send = (s: Shipment) =>
      print.mutate(
        { shipment: s, reprint: s.labelled_at !== null || last?.shipment.code === s.code },
        { onSuccess: printed },
      );
    if (!correction) return send(opened.shipment);
    correct.mutate(
      { shipment: opened.shipment, patch: correction },
      {
        onSuccess: (s) => {
          setCorrection(null);
          setCorrectionErrors({});
          setOpened({ kind: 'shipment', shipment: s });
          send(s);
        },
        onError: (err) => {
          const x = explain(err);
          setCorrectionErrors(x.fields);
          setNote({ tone: 'error', text: x.message });
        },
      },
    );
  }

  function scanKeys(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Escape') {
      setValue('');
      setOpened({ kind: 'none' });
    }
  }

  const status = ((): { tone: Tone; text: string } => {
    if (note) return note;
    if (last) {
      const code = last.shipment.code;
      if (!job)
        return { tone: 'error', text: t('pack.status.notPrinted', { code, reason: explain(last.printError).message }) };
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
    if (opened.kind === 'shipment')
      return { tone: 'idle', text: t('pack.status.opened', { code: opened.shipment.code, ref: opened.shipment.ref }) };
    if (opened.kind === 'new') return { tone: 'idle', text: t('pack.status.new', { ref: opened.ref }) };
    return { tone: 'idle', text: t('pack.status.ready') };
  })();

  const shown = opened.kind === 'shipment' ? opened.shipment : last?.shipment;
  return (
    <main className="page pack-page">
      <form className="card scan-bar" onSubmit={onScan}>
        <label htmlFor="scan">{t('pack.scan')}</label>
        <input
          id="scan"
          ref={scanField}
          className="scan-input"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={scanKeys}
          placeholder={t('pack.scanHint')}
          autoComplete="off"
          spellCheck={false}
          aria-busy={scan.isPending}
        />
      </form>
      <StatusLine tone={status.tone}>{status.text}</StatusLine>
      {opened.kind === 'new' ? (
        <NewShipmentForm
          key={opened.ref}
          orderRef={opened.ref}
          onPrinted={printed}
          onCancel={() => {
            setOpened({ kind: 'none' });
            focusScan();
          }}
        />
      ) : (
        shown && (
          <div className="pack-result">
            <section className="card" aria-label={t('pack.shipment', { code: shown.code })}>
              <h2 className="mono">{shown.code}</h2>
              <p>
                {shown.ref} · {shown.destination.contact.name} · {shown.destination.address.city} · {shown.method} ·{' '}
                <strong>{shown.status}</strong>
              </p>
              {opened.kind === 'shipment' && shown.actions.label && (
                <p className="row">
                  <Button kind="primary" onClick={printOpened} busy={print.isPending}>
                    {shown.labelled_at || last?.shipment.code === shown.code ? t('pack.reprint') : t('pack.print')}
                  </Button>
                  <span className="hint">{t('pack.enterPrints')}</span>
                </p>
              )}
              {opened.kind === 'shipment' && shown.labelled_at === null && shown.actions.cancel && (
                <ParcelCorrection
                  key={shown.code}
                  shipment={shown}
                  errors={correctionErrors}
                  onChange={setCorrection}
                  onPrint={printOpened}
                  onDone={focusScan}
                />
              )}
              {job && !(job.state === 'done') && (
                <JobPanel
                  job={job}
                  onChanged={(changed) => {
                    setLast((l) => l && { ...l, job: changed });
                    focusScan();
                  }}
                />
              )}
              {!job && last?.printError != null && last.shipment.code === shown.code && (
                <PdfLink codes={[shown.code]} format="PDF_A7" />
              )}
            </section>
            {shown.actions.label && (
              <section className="card preview-card">
                <LabelPreview code={shown.code} />
              </section>
            )}
          </div>
        )
      )}
    </main>
  );
}
