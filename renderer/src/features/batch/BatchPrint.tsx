import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useClient } from '../../api/context';
import { useExplain } from '../../api/errors';
import type { PrintJob } from '../../api/types';
import { Button } from '../../components/Button';
import { isFinalJobState } from '../../../../core/printing/job-states';
import { JobPanel } from '../printing/JobPanel';
import { usePrint, useRetryJob } from '../printing/mutations';
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

/** Printers that print the format: raw thermal printers (and file printers writing raw jobs) print A7 only. */
const prints = (p: { driver: string; settings: { raw?: string } }, format: Format) =>
  format === 'PDF_A7' || p.driver === 'system' || (p.driver === 'file' && !p.settings.raw);

/**
 * Prints the selection as one job: A4 sheets of 8 from a start tile (to the A4 printer, or as a PDF to download)
 * or A7 labels on the thermal printer. A progress bar follows the queue (n of N); the summary stays until dismissed.
 */
export function BatchPrint({ codes, onPrinted }: { codes: string[]; onPrinted: () => void }) {
  const { t } = useTranslation();
  const explain = useExplain();
  const client = useClient();
  const printers = usePrinters().data ?? [];
  const print = usePrint();
  const retry = useRetryJob();
  const [format, setFormat] = useState<Format>('PDF_A4');
  const [output, setOutput] = useState<Output>('pdf');
  const [start, setStart] = useState(1);
  const [printer, setPrinter] = useState('');
  const [jobId, setJobId] = useState<number | null>(null);
  const job = useJob(jobId).data;
  const [makingPdf, setMakingPdf] = useState(false);
  const [summary, setSummary] = useState<Summary | null>(null);

  const usable = printers.filter((p) => prints(p, format));
  const chosenPrinter =
    usable.find((p) => p.name === printer) ?? usable.find((p) => p.default_for === format) ?? usable[0];
  const toPdf = format === 'PDF_A4' && output === 'pdf';

  // The job ended: its summary replaces the progress bar.
  useEffect(() => {
    if (!job || !isFinalJobState(job.state) || summary?.job?.id === job.id) return;
    const failed = job.progress.total - job.progress.done;
    setSummary({
      printed: job.progress.done,
      failed,
      why: failed ? (job.last_error ?? t(`printing.state.${job.state}`)) : null,
      job,
      reprint: false,
      pdf: null,
    });
    onPrinted();
    // Only the job's arrival at a final state matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [job?.state, job?.id]);

  async function run(reprint = false) {
    setSummary(null);
    setJobId(null);
    const placed = format === 'PDF_A4' && start > 1 ? { start } : {};
    if (toPdf) {
      setMakingPdf(true);
      try {
        const { url } = await client.call('labels.get', {
          query: { code: codes.join(','), printer: 'PDF_A4', ...placed },
        });
        setSummary({ printed: codes.length, failed: 0, why: null, job: null, reprint: false, pdf: url });
        onPrinted();
      } catch (e) {
        setSummary({ printed: 0, failed: codes.length, why: explain(e).message, job: null, reprint: false, pdf: null });
      } finally {
        setMakingPdf(false);
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
      setSummary({
        printed: 0,
        failed: codes.length,
        why: explain(e).message,
        job: null,
        reprint: printedBefore,
        pdf: null,
      });
    }
  }

  async function retryFailed() {
    if (!summary?.job) return;
    const again = await retry.mutateAsync(summary.job.id);
    setSummary(null);
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
        busy={print.isPending || makingPdf}
        busyLabel={t('print.printing')}
        onClick={() => void run()}
      >
        {t('batch.printN', { count: codes.length })}
      </Button>

      {(running || makingPdf) && (
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
            <Button onClick={() => setSummary(null)}>{t('batch.dismiss')}</Button>
          </div>
        </section>
      )}
    </aside>
  );
}
