import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useExplain } from '../../api/errors';
import type { PrintJob } from '../../api/types';
import { Button } from '../../components/Button';
import { isFinalJobState } from '../../../../core/printing/job-states';
import { JobPanel } from '../printing/JobPanel';
import { useLabelsPdf, usePrint, useRetryJob } from '../printing/mutations';
import { useJob, usePrinters } from '../printing/queries';

/** A print job and a label document hold at most this many labels (the API's limit). */
export const MAX_BATCH = 500;
const TILES = [1, 2, 3, 4, 5, 6, 7, 8] as const;

type Format = 'PDF_A4' | 'PDF_A7';
type Output = 'printer' | 'pdf';

/** What the operator reads at the end, until dismissed. */
interface Summary {
  printed: number;
  failed: number;
  why: string | null;
  /** The job whose unprinted labels "retry the failed ones" sends again. */
  job: PrintJob | null;
  /** Refused because some were printed before: the same batch again, as a reprint. */
  reprint: boolean;
  pdf: string | null;
}

/** A job the queue is done with, as its summary. */
const jobSummary = (job: PrintJob, why: string): Summary => {
  const failed = job.progress.total - job.progress.done;
  return { printed: job.progress.done, failed, why: failed ? why : null, job, reprint: false, pdf: null };
};

/** Printers that print the format: raw thermal printers (and file printers writing raw jobs) print A7 only. */
const prints = (p: { driver: string; settings: { raw?: string } }, format: Format) =>
  format === 'PDF_A7' || p.driver === 'system' || (p.driver === 'file' && !p.settings.raw);

/**
 * Prints the selection as one job: A4 sheets of 8 from a start tile (to the A4 printer, or as a PDF to download)
 * or A7 labels on the thermal printer. A progress bar follows the queue (n of N); the summary stays until dismissed.
 */
export function BatchPrint({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const explain = useExplain();
  const printers = usePrinters().data ?? [];
  const print = usePrint();
  const retry = useRetryJob();
  const labelsPdf = useLabelsPdf();
  const [format, setFormat] = useState<Format>('PDF_A4');
  const [output, setOutput] = useState<Output>('pdf');
  const [start, setStart] = useState(1);
  const [printer, setPrinter] = useState('');
  const [jobId, setJobId] = useState<number | null>(null);
  const job = useJob(jobId).data;
  /** The outcome of a batch that made no job (a PDF, or a refusal). */
  const [outcome, setOutcome] = useState<Summary | null>(null);
  /** The job whose summary the operator dismissed. */
  const [dismissed, setDismissed] = useState<number | null>(null);

  const usable = printers.filter((p) => prints(p, format));
  const chosenPrinter =
    usable.find((p) => p.name === printer) ?? usable.find((p) => p.default_for === format) ?? usable[0];
  const toPdf = format === 'PDF_A4' && output === 'pdf';
  // A job's summary replaces the progress bar when the queue is done with it.
  const summary =
    outcome ??
    (job && isFinalJobState(job.state) && job.id !== dismissed
      ? jobSummary(job, job.last_error ?? t(`printing.state.${job.state}`))
      : null);

  async function run(reprint = false) {
    setOutcome(null);
    setJobId(null);
    const placed = format === 'PDF_A4' && start > 1 ? { start } : {};
    if (toPdf) {
      try {
        const url = await labelsPdf.mutateAsync({ code: codes.join(','), printer: 'PDF_A4', ...placed });
        setOutcome({ printed: codes.length, failed: 0, why: null, job: null, reprint: false, pdf: url });
      } catch (e) {
        setOutcome({ printed: 0, failed: codes.length, why: explain(e).message, job: null, reprint: false, pdf: null });
      }
      return;
    }
    try {
      const created = await print.mutateAsync({
        codes,
        format,
        ...(chosenPrinter ? { printer: chosenPrinter.name } : {}),
        ...(format === 'PDF_A4' ? placed : {}),
        ...(reprint ? { reprint } : {}),
      });
      setJobId(created.id);
    } catch (e) {
      const printedBefore =
        e instanceof ApiError && e.problem.code === 'invalid_state' && /already printed/.test(e.problem.detail);
      setOutcome({
        printed: 0,
        failed: codes.length,
        why: explain(e).message,
        job: null,
        reprint: printedBefore,
        pdf: null,
      });
    }
  }

  function dismiss() {
    setOutcome(null);
    if (job) setDismissed(job.id);
  }

  async function retryFailed() {
    if (!summary?.job) return;
    const again = await retry.mutateAsync(summary.job.id);
    setOutcome(null);
    setJobId(again.id);
  }

  const running = !!job && !isFinalJobState(job.state);
  return (
    <aside className="card batch-print" aria-label={t('batch.printTitle')}>
      <h2>{t('batch.printTitle')}</h2>
      <div role="radiogroup" aria-label={t('batch.paper')} className="choices">
        <label>
          <input type="radio" name="format" checked={format === 'PDF_A4'} onChange={() => setFormat('PDF_A4')} />{' '}
          {t('batch.a4')}
        </label>
        <label>
          <input type="radio" name="format" checked={format === 'PDF_A7'} onChange={() => setFormat('PDF_A7')} />{' '}
          {t('batch.a7')}
        </label>
      </div>
      {format === 'PDF_A4' && (
        <>
          <div role="radiogroup" aria-label={t('batch.start')} className="sheet">
            {TILES.map((n) => (
              <label key={n} className={n < start ? 'tile used' : n === start ? 'tile first' : 'tile'}>
                <input
                  type="radio"
                  name="start"
                  value={n}
                  checked={start === n}
                  onChange={() => setStart(n)}
                  aria-label={t('batch.startAt', { n })}
                />
                {n}
              </label>
            ))}
          </div>
          <p className="hint">{start > 1 ? t('batch.startHint', { count: start - 1 }) : t('batch.fullSheet')}</p>
          <div role="radiogroup" aria-label={t('batch.output')} className="choices">
            <label>
              <input type="radio" name="output" checked={output === 'pdf'} onChange={() => setOutput('pdf')} />{' '}
              {t('batch.toPdf')}
            </label>
            <label>
              <input type="radio" name="output" checked={output === 'printer'} onChange={() => setOutput('printer')} />{' '}
              {t('batch.toPrinter')}
            </label>
          </div>
        </>
      )}
      {!toPdf && (
        <label className="field">
          <span>{t('batch.printer')}</span>
          <select value={chosenPrinter?.name ?? ''} onChange={(e) => setPrinter(e.target.value)}>
            {usable.length === 0 && <option value="">{t('batch.noPrinter')}</option>}
            {usable.map((p) => (
              <option key={p.name} value={p.name}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <Button
        kind="primary"
        disabled={codes.length === 0 || codes.length > MAX_BATCH || running || (!toPdf && !chosenPrinter)}
        busy={print.isPending || labelsPdf.isPending}
        busyLabel={t('print.printing')}
        onClick={() => void run()}
      >
        {t('batch.printN', { count: codes.length })}
      </Button>

      {(running || labelsPdf.isPending) && (
        <div className="progress">
          <progress
            max={job?.progress.total ?? codes.length}
            value={job?.progress.done ?? undefined}
            aria-label={t('batch.progress')}
          />
          <span aria-live="polite">
            {job ? t('batch.nOfN', { done: job.progress.done, total: job.progress.total }) : t('batch.makingPdf')}
          </span>
        </div>
      )}

      {/* A job that waits (the printer did not take a label): the operator's ways out, in place. */}
      {job && running && job.last_error && <JobPanel job={job} onChanged={(j) => setJobId(j.id)} />}

      {summary && (
        <section
          className={summary.failed ? 'summary warn' : 'summary ok'}
          role="region"
          aria-label={t('batch.summary')}
        >
          <h3>{t('batch.summary')}</h3>
          <p>{t('batch.printed', { count: summary.printed })}</p>
          {summary.failed > 0 && (
            <p className="error">
              {t('batch.failed', { count: summary.failed })}
              {summary.why && <> — {summary.why}</>}
            </p>
          )}
          {summary.pdf && (
            <a href={summary.pdf} target="_blank" rel="noreferrer" download>
              {t('batch.downloadPdf')}
            </a>
          )}
          <div className="actions start">
            {summary.job && summary.failed > 0 && (
              <Button onClick={() => void retryFailed()} busy={retry.isPending}>
                {t('batch.retryFailed')}
              </Button>
            )}
            {summary.reprint && <Button onClick={() => void run(true)}>{t('batch.reprint')}</Button>}
            <Button onClick={dismiss}>{t('batch.dismiss')}</Button>
          </div>
        </section>
      )}
    </aside>
  );
}
