import { useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FileInput } from '../../components/FileInput';
import { ImportReport } from './ImportReport';

/** Reads a chosen file as text and hands it to `run`; shows what was imported or the report of what is wrong. */
export function FileImport({
  label,
  accept,
  run,
  children,
}: {
  label: string;
  accept: string;
  run: (file: File, text: string) => Promise<string>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function pick(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setBusy(true);
    setDone(null);
    setError(null);
    try {
      setDone(await run(file, await file.text()));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="file-import">
      <FileInput label={label} accept={accept} onChange={(e) => void pick(e)} disabled={busy} />
      {children}
      {busy && <p className="state">{t('state.loading')}</p>}
      {done && <p className="ok-note">{done}</p>}
      {error !== null && <ImportReport error={error} label={t('settings.report', { what: label })} />}
    </div>
  );
}
