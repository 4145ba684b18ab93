import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrintJob } from '../../api/types';
import { JobPanel } from './JobPanel';
import { waitingLine } from './waiting-line';

/** The waiting labels with their ways out; the first one's first action has the focus (Enter takes it). */
export function WaitingDialog({ jobs, onClose }: { jobs: PrintJob[]; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (!d.open) d.showModal();
    requestAnimationFrame(() => d.querySelector<HTMLButtonElement>('.job-panel button:not([disabled])')?.focus());
  }, []);
  // A label dealt with leaves the list with the button pressed: the next one's first way out takes the focus.
  useEffect(() => {
    const d = ref.current;
    const focused = d?.ownerDocument.activeElement;
    if (d && (!focused || focused === d.ownerDocument.body))
      d.querySelector<HTMLButtonElement>('.job-panel button:not([disabled])')?.focus();
  }, [jobs]);
  return (
    <dialog ref={ref} className="waiting-dialog" aria-label={t('bar.dialog')} onCancel={onClose}>
      <div className="detail-head">
        <h2>{t('bar.dialog')}</h2>
        <button type="button" className="btn btn-plain" onClick={onClose} aria-label={t('common.close')}>
          ×
        </button>
      </div>
      <ul className="waiting-jobs">
        {jobs.map((j) => (
          <li key={j.id}>
            <p className="mono">{waitingLine(j, t)}</p>
            <JobPanel job={j} />
          </li>
        ))}
      </ul>
    </dialog>
  );
}
