import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useExplain } from '../../api/errors';
import type { PrintJob } from '../../api/types';
import { Button } from '../../components/Button';
import { useFeedback } from '../../operator/feedback';
import { isFinalJobState } from '@shared/job-states';
import { JobPanel } from '../printing/JobPanel';
import { useLabelsPdf, usePrint, useRetryJob } from '../printing/mutations';
import { useFollowJob, usePrinters } from '../printing/queries';

/** A print job and a label document hold at most this many labels (the API's limit): a batch is cut into such. */
export const PER_JOB = 500;
/** What a batch takes at most: its jobs are queued at once and printed one after another. */
export const MAX_BATCH = 5000;
const TILES = [1, 2, 3, 4, 5, 6, 7, 8] as const;

type Format = 'PDF_A4' | 'PDF_A7';
type Output = 'printer' | 'pdf';

/** What the operator reads at the end, until dismissed. */
interface Summary {
  printed: number;
  failed: number;
  why: string | null;
  /** The jobs whose unprinted labels "retry the failed ones" sends again. */
  jobs: PrintJob[];
  /** Refused because some were printed before: these again, as a reprint. */
  reprint: string[] | null;
  pdfs: string[];
}

/** The batch as it runs: labels done of all, the job printing now (its ways out when it waits). */
interface Running {
  done: number;
  total: number;
  current: PrintJob | null;
  making: 'pdf' | 'jobs';
}

/**
 * The first free tile of the last sheet a run of `count` A4 labels from tile `start` printed on (1: it filled that
 * sheet), for the next run to go on with the sheet. Each job of 500 after the first starts a sheet of its own.
 */
const nextStartTile = (start: number, count: number): number => {
  const offset = count > PER_JOB ? 0 : start - 1;
  return ((offset + (count % PER_JOB || PER_JOB)) % TILES.length) + 1;
};

const chunks = <T,>(list: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/**
 * Prints the selection, of any size: jobs of at most 500 labels queued at once, printed one after another, under
 * one progress bar. A4 sheets of 8 from a start tile (to the A4 printer, or as PDFs to download, one per 500) or A7
 * labels on the thermal printer. The summary stays until dismissed; the selection is emptied once it has printed.
 */
export function BatchPrint({ codes, onPrinted }: { codes: string[]; onPrinted: () => void }) {
  const { t } = useTranslation();
  const explain = useExplain();
  const printers = usePrinters().data ?? [];
  const print = usePrint();
  const retry = useRetryJob();
  const follow = useFollowJob();
  const feedback = useFeedback();
  const labelsPdf = useLabelsPdf();
  const [format, setFormat] = useState<Format>('PDF_A4');
  const [output, setOutput] = useState<Output>('pdf');
  const [start, setStart] = useState(1);
  const [printer, setPrinter] = useState('');
  const [running, setRunning] = useState<Running | null>(null);
  const [summary, setSummary] = useState<Summary | null>(null);
  const gone = useRef(false);
  useEffect(
    () => () => {
      gone.current = true;
    },
    [],
  );

  const usable = printers.filter((p) => p.formats.includes(format));
  const chosenPrinter =
    usable.find((p) => p.name === printer) ?? usable.find((p) => p.default_for === format) ?? usable[0];
  const toPdf = format === 'PDF_A4' && output === 'pdf';

  async function makePdfs(list: string[]) {
    const pdfs: string[] = [];
    setRunning({ done: 0, total: list.length, current: null, making: 'pdf' });
    try {
      for (const [i, part] of chunks(list, PER_JOB).entries()) {
        const placed = i === 0 && start > 1 ? { start } : {};
        pdfs.push(await labelsPdf.mutateAsync({ code: part.join(','), printer: 'PDF_A4', ...placed }));
        setRunning((r) => r && { ...r, done: r.done + part.length });
      }
      setSummary({ printed: list.length, failed: 0, why: null, jobs: [], reprint: null, pdfs });
      setStart(nextStartTile(start, list.length));
      onPrinted();
    } catch (e) {
      const made = pdfs.length * PER_JOB;
      setSummary({ printed: made, failed: list.length - made, why: explain(e).message, jobs: [], reprint: null, pdfs });
    } finally {
      setRunning(null);
    }
  }

  async function printJobs(list: string[], reprint: boolean) {
    const jobs: PrintJob[] = [];
    let refused: { why: string; rest: string[]; printedBefore: boolean } | null = null;
    setRunning({ done: 0, total: list.length, current: null, making: 'jobs' });
    // Every job is queued first (the queue keeps them, whatever happens to this screen), then each is followed.
    for (const [i, part] of chunks(list, PER_JOB).entries()) {
      try {
        jobs.push(
          await print.mutateAsync({
            codes: part,
            format,
            ...(chosenPrinter ? { printer: chosenPrinter.name } : {}),
            ...(format === 'PDF_A4' && i === 0 && start > 1 ? { start } : {}),
            ...(reprint ? { reprint } : {}),
          }),
        );
      } catch (e) {
        const printedBefore =
          e instanceof ApiError && e.problem.code === 'invalid_state' && /already printed/.test(e.problem.detail);
        refused = { why: explain(e).message, rest: list.slice(i * PER_JOB), printedBefore };
        break;
      }
    }
    // Queued: the selection is done with (the jobs are followed here and kept by the queue).
    if (jobs.length) onPrinted();
    const ended: PrintJob[] = [];
    let before = 0;
    for (const job of jobs) {
      const last = await follow(
        job,
        (j) => setRunning((r) => r && { ...r, done: before + j.progress.done, current: j }),
        () => gone.current,
      );
      ended.push(last);
      before += last.progress.done;
    }
    // Printed now: the lists show them labelled.
    if (jobs.length) onPrinted();
    const failed = ended.reduce((n, j) => n + j.progress.total - j.progress.done, 0) + (refused?.rest.length ?? 0);
    const stopped = ended.find((j) => j.state !== 'done');
    // Heard and seen across the bench, as a label printed at Pack is (and it replaces an earlier screen's colour).
    feedback.signal(failed ? 'failed' : 'printed');
    // Where the last sheet's free tiles start is known only when every label printed.
    if (format === 'PDF_A4' && !failed) setStart(nextStartTile(start, list.length));
    setSummary({
      printed: before,
      failed,
      why: refused?.why ?? (stopped ? (stopped.last_error ?? t(`printing.state.${stopped.state}`)) : null),
      jobs: ended.filter((j) => j.state !== 'done'),
      reprint: refused?.printedBefore ? refused.rest : null,
      pdfs: [],
    });
    setRunning(null);
  }

  function run(list: string[] = codes, reprint = false) {
    setSummary(null);
    void (toPdf ? makePdfs(list) : printJobs(list, reprint));
  }

  async function retryFailed() {
    const again = summary?.jobs ?? [];
    setSummary(null);
    const jobs = await Promise.all(again.map((j) => retry.mutateAsync(j.id)));
    const total = jobs.reduce((n, j) => n + j.progress.total - j.progress.done, 0);
    setRunning({ done: 0, total, current: null, making: 'jobs' });
    let before = 0;
    const ended: PrintJob[] = [];
    for (const job of jobs) {
      const from = job.progress.done;
      const last = await follow(
        job,
        (j) => setRunning((r) => r && { ...r, done: before + j.progress.done - from, current: j }),
        () => gone.current,
      );
      ended.push(last);
      before += last.progress.done - from;
    }
    setRunning(null);
    feedback.signal(total > before ? 'failed' : 'printed');
    setSummary({
      printed: before,
      failed: total - before,
      why: null,
      jobs: ended.filter((j) => j.state !== 'done'),
      reprint: null,
      pdfs: [],
    });
  }

  const waiting = running?.current && !isFinalJobState(running.current.state) && running.current.last_error;
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
      {codes.length > PER_JOB && (
        <p className="hint">{t('batch.inJobs', { jobs: Math.ceil(codes.length / PER_JOB), per: PER_JOB })}</p>
      )}
      <Button
        kind="primary"
        disabled={codes.length === 0 || codes.length > MAX_BATCH || !!running || (!toPdf && !chosenPrinter)}
        busy={!!running}
        busyLabel={t('print.printing')}
        onClick={() => run()}
      >
        {t('batch.printN', { count: codes.length })}
      </Button>

      {running && (
        <div className="progress">
          <progress max={running.total} value={running.done} aria-label={t('batch.progress')} />
          <span aria-live="polite">
            {running.making === 'pdf'
              ? t('batch.makingPdfs', { done: running.done, total: running.total })
              : t('batch.nOfN', { done: running.done, total: running.total })}
          </span>
        </div>
      )}

      {/* A job that waits (the printer did not take a label): the operator's ways out, in place. */}
      {waiting && running.current && (
        <JobPanel job={running.current} onChanged={(j) => setRunning((r) => r && { ...r, current: j })} />
      )}

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
          {summary.pdfs.map((url, i) => (
            <a key={url} href={url} target="_blank" rel="noreferrer" download>
              {summary.pdfs.length === 1
                ? t('batch.downloadPdf')
                : t('batch.downloadPart', { n: i + 1, of: summary.pdfs.length })}
            </a>
          ))}
          <div className="actions start">
            {summary.jobs.length > 0 && summary.failed > 0 && (
              <Button onClick={() => void retryFailed()} busy={retry.isPending}>
                {t('batch.retryFailed')}
              </Button>
            )}
            {summary.reprint && <Button onClick={() => run(summary.reprint ?? [], true)}>{t('batch.reprint')}</Button>}
            <Button onClick={() => setSummary(null)}>{t('batch.dismiss')}</Button>
          </div>
        </section>
      )}
    </aside>
  );
}
