import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback, type Outcome } from '../../operator/feedback';
import type { Printer } from '../../api/types';
import { useAttention } from './attention';
import { usePrinters, usePrinterStatus } from './queries';
import { waitingLine } from './waiting-line';

/** The dialog and its ways out (JobPanel, the job's actions) load when first opened: the shell stays small. */
const loadDialog = () => import('./WaitingDialog');
const WaitingDialog = lazy(() => loadDialog().then((m) => ({ default: m.WaitingDialog })));

/** The key that opens the labels waiting for the operator, from any screen. */
export const ATTENTION_KEY = 'F8';

function PrinterState({ printer, holding }: { printer: Printer; holding: number }) {
  const { t } = useTranslation();
  const status = usePrinterStatus(printer.name).data;
  const word = !status
    ? 'unknown'
    : !status.online
      ? 'offline'
      : status.paper_out
        ? 'paperOut'
        : status.head_open
          ? 'headOpen'
          : 'online';
  // A printer holding labels is not printing, whatever it last answered.
  const tone = holding > 0 || (word !== 'online' && word !== 'unknown') ? 'bad' : word === 'online' ? 'ok' : 'idle';
  return (
    <li className={`printer-state tone-${tone}`}>
      <span className="dot" aria-hidden="true" />
      {printer.name}: {t(`printers.status.${word}`)}
      {holding > 0 && <> · {t('bar.holding', { count: holding })}</>}
    </li>
  );
}

/**
 * Always in sight, on every screen: each printer's state and the labels waiting for the operator (held after the
 * printer did not take them, unconfirmed, failed). F8 opens them with their ways out (it printed, print again,
 * retry, another printer, the PDF, set aside). A label newly waiting sounds and colours the desk.
 */
export function AttentionBar() {
  const { t } = useTranslation();
  const printers = usePrinters().data ?? [];
  const attention = useAttention().data;
  const waiting = useMemo(() => attention?.data ?? [], [attention]);
  const { signal, clear } = useFeedback();
  const [open, setOpen] = useState(false);
  const known = useRef<Map<number, string> | null>(null);
  /** The outcome the bar last announced, taken back when nothing waits. */
  const raised = useRef<Outcome | null>(null);

  // A job newly waiting, or newly failed or unconfirmed, is announced once (not each retry of a held one).
  useEffect(() => {
    const before = known.current;
    known.current = new Map(waiting.map((j) => [j.id, j.state]));
    // Nothing waits any more: the colour the bar raised goes with it (a failed scan's stays until the next scan).
    if (waiting.length === 0 && raised.current) {
      clear(raised.current);
      raised.current = null;
    }
    // A label waits: its dialog is fetched now, so that F8 opens it at once.
    if (waiting.length > 0) void loadDialog();
    if (!before) return;
    const fresh = waiting.filter(
      (j) => !before.has(j.id) || (before.get(j.id) !== j.state && (j.state === 'failed' || j.state === 'unconfirmed')),
    );
    const outcome = fresh.some((j) => j.state === 'failed') ? 'failed' : fresh.length ? 'attention' : null;
    if (outcome) {
      signal(outcome);
      raised.current = outcome;
    }
  }, [waiting, signal, clear]);

  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      if (e.key === ATTENTION_KEY) {
        e.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, []);

  const holding = (name: string) => waiting.filter((j) => j.printer === name && j.state !== 'failed').length;
  return (
    <section className={`attention-bar${waiting.length ? ' has-waiting' : ''}`} aria-label={t('bar.title')}>
      <ul className="printer-states" aria-label={t('bar.printers')}>
        {printers.map((p) => (
          <PrinterState key={p.name} printer={p} holding={holding(p.name)} />
        ))}
        {printers.length === 0 && <li className="muted">{t('bar.noPrinter')}</li>}
      </ul>
      <div className="waiting" aria-live="polite">
        {waiting.length === 0 ? (
          <span className="muted">{t('bar.nothingWaiting')}</span>
        ) : (
          <>
            <strong>{t('bar.waiting', { count: waiting.length })}</strong>
            <span className="waiting-first">{waitingLine(waiting[0]!, t)}</span>
            <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
              {t('bar.open')} <kbd>{ATTENTION_KEY}</kbd>
            </button>
          </>
        )}
      </div>
      {open && waiting.length > 0 && (
        <Suspense fallback={null}>
          <WaitingDialog jobs={waiting} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}
