import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FileInput } from '../../components/FileInput';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import type { ImportRowError } from '../../api/types';
import type { OpOutput } from '@shared/client/index';
import { fieldMessage, useExplain } from '../../api/errors';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/Field';
import { usePresets } from '../settings/queries';
import { fileAsBase64, formatOf } from './file';
import { useImportOrders } from './mutations';
import { useImportMappings, useImportProgress, type ImportBody } from './queries';

type Result = OpOutput<'shipments.import'>;
interface Chosen {
  name: string;
  text: string;
  format: 'csv' | 'json';
}
type Step =
  | { kind: 'empty' }
  | { kind: 'checking' }
  | { kind: 'preview'; result: Result }
  | { kind: 'refused'; error: unknown }
  | { kind: 'importing'; id: string; orders: number }
  | { kind: 'done'; result: Result };

const newImportId = () => `desk-${crypto.randomUUID()}`;

/**
 * Import: an order export becomes shipments waiting for their label. Choose (or drop) the file; the station guesses
 * the platform from its columns and answers a dry run: the first shipments as they will be created, or every bad
 * row by row and column. Import then writes them all (or none), with its progress, and a summary.
 */
export function ImportView() {
  const { t } = useTranslation();
  const explain = useExplain();
  const presets = usePresets();
  const mappings = useImportMappings();
  const run = useImportOrders();
  const [file, setFile] = useState<Chosen | null>(null);
  const [mapping, setMapping] = useState('');
  const [preset, setPreset] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'empty' });
  const [dragging, setDragging] = useState(false);
  const importButton = useRef<HTMLButtonElement>(null);
  const againButton = useRef<HTMLButtonElement>(null);
  const progress = useImportProgress(step.kind === 'importing' ? step.id : null).data;

  // The box of every order: the first preset until the operator picks another (or none).
  const box = preset ?? presets.data?.[0]?.key ?? '';

  const body = (f: Chosen, dryRun: boolean, choice = { mapping, box }, importId?: string): ImportBody => ({
    text: f.text,
    encoding: 'base64',
    format: f.format,
    ...(choice.mapping ? { mapping: choice.mapping } : {}),
    ...(choice.box ? { preset: choice.box } : {}),
    dry_run: dryRun,
    ...(importId ? { import_id: importId } : {}),
  });

  async function check(f: Chosen, choice = { mapping, box }) {
    setStep({ kind: 'checking' });
    try {
      setStep({ kind: 'preview', result: await run.mutateAsync(body(f, true, choice)) });
    } catch (error) {
      setStep({ kind: 'refused', error });
    }
  }

  /** Another mapping or box: the chosen file is checked again at once. */
  function rechoose(choice: { mapping: string; box: string }) {
    setMapping(choice.mapping);
    setPreset(choice.box);
    if (file && step.kind !== 'importing') void check(file, choice);
  }

  useEffect(() => {
    if (step.kind === 'preview') importButton.current?.focus();
    if (step.kind === 'done') againButton.current?.focus();
  }, [step.kind]);

  async function choose(f: File | undefined) {
    if (!f) return;
    const chosen = { name: f.name, text: await fileAsBase64(f), format: formatOf(f.name) };
    setFile(chosen);
    await check(chosen);
  }

  async function importAll() {
    if (!file || step.kind !== 'preview') return;
    const id = newImportId();
    setStep({ kind: 'importing', id, orders: step.result.orders });
    try {
      setStep({ kind: 'done', result: await run.mutateAsync(body(file, false, { mapping, box }, id)) });
    } catch (error) {
      setStep({ kind: 'refused', error });
    }
  }

  function reset() {
    setFile(null);
    setStep({ kind: 'empty' });
  }

  function drop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    void choose(e.dataTransfer.files[0]);
  }

  return (
    <main className="page import-page">
      <section className="card" aria-label={t('import.title')}>
        <h2>{t('import.title')}</h2>
        <p className="hint">{t('import.hint')}</p>
        <div
          className={dragging ? 'dropzone dragging' : 'dropzone'}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
        >
          <FileInput
            label={t('import.file')}
            accept=".csv,.txt,.json,text/csv,application/json"
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              void choose(f);
            }}
          />
          <span className="hint">{file ? t('import.chosen', { name: file.name }) : t('import.drop')}</span>
        </div>
        <div className="row">
          <SelectField
            label={t('import.mapping')}
            path="/mapping"
            errors={{}}
            value={mapping}
            onChange={(e) => rechoose({ mapping: e.target.value, box })}
          >
            <option value="">{t('import.guess')}</option>
            {mappings.data?.builtin.map((m) => (
              <option key={m.name} value={m.name}>
                {m.name === 'generic' ? t('import.generic') : m.title}
              </option>
            ))}
            {mappings.data?.data.map((m) => (
              <option key={m.name} value={m.name}>
                {t('import.saved', { name: m.name })}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('import.box')}
            path="/preset"
            errors={{}}
            value={box}
            onChange={(e) => rechoose({ mapping, box: e.target.value })}
          >
            <option value="">{t('import.noBox')}</option>
            {presets.data?.map((p) => (
              <option key={p.key} value={p.key}>
                {p.key} · {p.name} ({p.length}×{p.width}×{p.height} cm{p.weight !== undefined ? `, ${p.weight} kg` : ''}
                )
              </option>
            ))}
          </SelectField>
        </div>

        {step.kind === 'empty' && <p className="state state-empty">{t('import.empty')}</p>}
        {step.kind === 'checking' && (
          <p className="state state-loading" aria-busy="true">
            {t('import.checking')}
          </p>
        )}
        {step.kind === 'preview' && (
          <Preview result={step.result}>
            <div className="actions start">
              <button
                ref={importButton}
                type="button"
                className="btn btn-primary"
                disabled={step.result.created.length === 0}
                onClick={() => void importAll()}
              >
                {t('import.importN', { count: step.result.created.length })}
              </button>
              <Button onClick={reset}>{t('import.another')}</Button>
            </div>
          </Preview>
        )}
        {step.kind === 'refused' && <Refused error={step.error} explain={explain} />}
        {step.kind === 'importing' && (
          <div className="progress" aria-label={t('import.progress')} role="group">
            <progress max={progress?.orders || step.orders} value={progress?.checked ?? 0} />
            <span>
              {progress?.phase === 'writing'
                ? t('import.writing', { count: progress.orders - progress.skipped })
                : t('import.checkingN', { done: progress?.checked ?? 0, total: progress?.orders || step.orders })}
            </span>
          </div>
        )}
        {step.kind === 'done' && (
          <section className="summary ok" role="region" aria-label={t('import.summary')}>
            <h3>{t('import.summary')}</h3>
            <p>{t('import.created', { count: step.result.created.length })}</p>
            {step.result.skipped.length > 0 && <p>{t('import.skipped', { count: step.result.skipped.length })}</p>}
            <p className="hint">{t('import.next')}</p>
            <div className="actions start">
              <button ref={againButton} type="button" className="btn btn-plain" onClick={reset}>
                {t('import.another')}
              </button>
              <Link to="/" className="btn btn-plain">
                {t('import.toPack')}
              </Link>
            </div>
          </section>
        )}
      </section>
    </main>
  );
}

function Preview({ result, children }: { result: Result; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('import.preview')} className="import-preview">
      <p>
        <strong>{result.mapping.name === 'generic' ? t('import.generic') : result.mapping.title}</strong>
        {' — '}
        {t('import.counts', {
          orders: result.orders,
          rows: result.rows,
          create: result.created.length,
          skipped: result.skipped.length,
        })}
      </p>
      {children}
      {result.preview.length > 0 && (
        <div className="table-scroll">
          <table className="shipments">
            <caption>{t('import.firstRows', { count: result.preview.length })}</caption>
            <thead>
              <tr>
                <th>{t('import.col.ref')}</th>
                <th>{t('pack.receiver')}</th>
                <th>{t('pack.street')}</th>
                <th>{t('pack.city')}</th>
                <th>{t('pack.province')}</th>
                <th>{t('pack.zip')}</th>
                <th>{t('pack.phone')}</th>
                <th>{t('import.col.parcel')}</th>
                <th>{t('pack.contents')}</th>
              </tr>
            </thead>
            <tbody>
              {result.preview.map((s: Result['preview'][number]) => (
                <tr key={s.ref}>
                  <td className="mono">{s.ref}</td>
                  <td>{s.destination.contact.name}</td>
                  <td>{s.destination.address?.street}</td>
                  <td>{s.destination.address?.city}</td>
                  <td>{s.destination.address?.state}</td>
                  <td>{s.destination.address?.zip}</td>
                  <td>{s.destination.contact.phone ?? t('common.none')}</td>
                  <td>
                    {s.dimensions.length}×{s.dimensions.width}×{s.dimensions.height} cm,{' '}
                    {s.dimensions.weight === null ? t('parcel.weightAtPack') : `${s.dimensions.weight} kg`}
                  </td>
                  <td className="contents">{s.content ?? t('common.none')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Refused({ error, explain }: { error: unknown; explain: ReturnType<typeof useExplain> }) {
  const { t } = useTranslation();
  const problem = error instanceof ApiError ? error.problem : null;
  const rows = (problem?.rows as ImportRowError[] | undefined) ?? [];
  const total = (problem?.errors_total as number | undefined) ?? rows.length;
  if (!rows.length) {
    const x = explain(error);
    const fields = Object.entries(x.fields);
    return (
      <div className="state-error-block" role="alert" aria-label={t('import.problem')}>
        <p>{problem?.detail ?? x.message}</p>
        {fields.length > 0 && (
          <ul className="report">
            {fields.map(([path, message]) => (
              <li key={path}>
                <code>{path}</code> {message}
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }
  return (
    <div className="state-error-block" role="alert" aria-label={t('import.badRows')}>
      <p>{t('import.refused', { count: total })}</p>
      <div className="table-scroll">
        <table className="shipments">
          <thead>
            <tr>
              <th>{t('import.col.row')}</th>
              <th>{t('import.col.column')}</th>
              <th>{t('import.col.problem')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i}>
                <td>{r.row}</td>
                <td>{r.column || r.field}</td>
                <td>{fieldMessage(r, t)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
