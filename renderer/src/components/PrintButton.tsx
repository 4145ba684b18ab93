import { useEffect, useState } from 'react';
import { ApiError, type StationClient, errorMessage } from '../api/client';
import { labelUrl, readJob, submitPrint } from '../api/labels';
import type { PrintJob } from '../api/types';

const POLL_MS = 400;

/**
 * Prints through the queue and shows the job's state until it ends, so the operator always sees why the label
 * has not come out yet. Without a printer the label opens as a PDF instead.
 */
export function PrintButton({
  client,
  codes,
  label = 'Print label',
  onDone,
}: {
  client: StationClient;
  codes: string[];
  label?: string;
  /** Called once the printer accepted every label. */
  onDone?: () => void;
}) {
  const [job, setJob] = useState<PrintJob | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [pdf, setPdf] = useState<string | null>(null);
  // Printed before (by this button or elsewhere): the next print is an explicit reprint.
  const [printed, setPrinted] = useState(false);

  useEffect(() => {
    if (!job || job.state === 'done' || job.state === 'failed' || job.state === 'canceled') return;
    const timer = setTimeout(() => {
      readJob(client, job.id).then(setJob, (e: unknown) => setMessage(String(e)));
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [job, client]);

  useEffect(() => {
    if (job?.state !== 'done') return;
    setPrinted(true);
    onDone?.();
    // onDone is the caller's; only the job's arrival at done matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [job?.state]);

  async function print() {
    setMessage(null);
    setPdf(null);
    try {
      setJob(await submitPrint(client, codes, printed));
    } catch (e) {
      if (e instanceof ApiError && e.problem.code === 'invalid_state' && !printed) {
        setPrinted(true);
        setMessage('This label was printed before.');
        return;
      }
      setMessage(errorMessage(e));
      try {
        setPdf(await labelUrl(client, codes));
      } catch {
        /* the message above already says why */
      }
    }
  }

  const busy = job && (job.state === 'queued' || job.state === 'printing');
  return (
    <div className="print">
      <button type="button" onClick={() => void print()} disabled={!!busy}>
        {busy ? 'Printing…' : printed ? `Re${label[0]!.toLowerCase()}${label.slice(1)}` : label}
      </button>
      {job && (
        <span className={`job job-${job.state}`} role="status">
          {job.state === 'printing' || job.state === 'queued'
            ? `${job.state} ${job.progress.done}/${job.progress.total}`
            : job.state}
          {job.last_error && ` — ${job.last_error}`}
        </span>
      )}
      {message && <span className="error">{message}</span>}
      {pdf && (
        <a href={pdf} target="_blank" rel="noreferrer">
          Open label PDF
        </a>
      )}
    </div>
  );
}
