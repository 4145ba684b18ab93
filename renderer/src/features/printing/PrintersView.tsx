import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useExplain } from '../../api/errors';
import type { Printer } from '../../api/types';
import { DataTable } from '../../components/DataTable';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { QueryState } from '../../components/States';
import { useDeletePrinter, useTestPrinter } from './mutations';
import { PrinterForm } from './PrinterForm';
import { useDiscoveredPrinters, usePrinterStatus, usePrinters } from './queries';
import { QueueView } from './QueueView';

function PrinterStatusCell({ name }: { name: string }) {
  const { t } = useTranslation();
  const status = usePrinterStatus(name);
  if (!status.data) return <span className="muted">{status.isError ? t('printers.status.unknown') : '…'}</span>;
  const s = status.data;
  const word = !s.online ? 'offline' : s.paper_out ? 'paperOut' : s.head_open ? 'headOpen' : 'online';
  return <span className={`pill tone-${word === 'online' ? 'ok' : 'error'}`}>{t(`printers.status.${word}`)}</span>;
}

/** Printers and the queue: configure, test and watch the printers; every job with its way out. */
export function PrintersView() {
  const { t } = useTranslation();
  const explain = useExplain();
  const printers = usePrinters();
  const remove = useDeletePrinter();
  const test = useTestPrinter();
  const [editing, setEditing] = useState<Printer | 'new' | { discovered: string } | null>(null);
  /** The button that opened the form: the focus goes back to it when the form closes (else it would be lost). */
  const opener = useRef<HTMLElement | null>(null);
  const edit = (what: NonNullable<typeof editing>) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setEditing(what);
  };
  const [removing, setRemoving] = useState<string | null>(null);
  const [discover, setDiscover] = useState(false);
  const discovered = useDiscoveredPrinters(discover);
  const [note, setNote] = useState<string | null>(null);

  async function testPage(name: string) {
    try {
      const r = await test.mutateAsync(name);
      setNote(r.accepted ? t('printers.testOk', { name }) : t('printers.testFailed', { name, error: r.error ?? '' }));
    } catch (e) {
      setNote(explain(e).message);
    }
  }

  return (
    <main className="page">
      <section className="card" aria-label={t('printers.title')}>
        <div className="row spread">
          <h2>{t('printers.title')}</h2>
          <div className="row">
            <Button onClick={() => setDiscover(true)}>{t('printers.discover')}</Button>
            <Button kind="primary" onClick={() => edit('new')}>
              {t('printers.add')}
            </Button>
          </div>
        </div>
        {note && <p className="note">{note}</p>}
        {editing && (
          <PrinterForm
            key={typeof editing === 'object' && 'name' in editing ? editing.name : 'new'}
            printer={typeof editing === 'object' && 'name' in editing ? editing : null}
            initial={
              typeof editing === 'object' && 'discovered' in editing
                ? {
                    name: editing.discovered.replace(/[^\p{L}\p{N} ._-]/gu, '-'),
                    driver: 'system',
                    connection: editing.discovered,
                  }
                : undefined
            }
            onDone={() => {
              setEditing(null);
              requestAnimationFrame(() => opener.current?.focus());
            }}
          />
        )}
        {discover && (
          <QueryState query={discovered} empty={(d) => d.length === 0}>
            {(list) => (
              <ul className="discovered" aria-label={t('printers.discovered')}>
                {list.map((p) => (
                  <li key={p.name}>
                    {p.name} {p.is_default && `(${t('printers.osDefault')})`}{' '}
                    <Button onClick={() => edit({ discovered: p.name })}>{t('printers.addThis')}</Button>
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        )}
        <QueryState query={printers} empty={(d) => d.length === 0}>
          {(list) => (
            <DataTable
              label={t('printers.title')}
              rows={list}
              rowKey={(p) => p.name}
              columns={[
                { header: t('printers.name'), cell: (p) => p.name },
                { header: t('printers.driver'), cell: (p) => t(`printers.drivers.${p.driver}`) },
                { header: t('printers.connection'), cell: (p) => p.connection, className: 'mono' },
                {
                  header: t('printers.dpi'),
                  cell: (p) => p.settings.dpi ?? (p.driver === 'system' || p.driver === 'file' ? '—' : 203),
                },
                {
                  header: t('printers.defaultFor'),
                  cell: (p) => (p.default_for ? t(`printers.formats.${p.default_for}`) : '—'),
                },
                { header: t('printers.statusCol'), cell: (p) => <PrinterStatusCell name={p.name} /> },
              ]}
              actionsClass="row"
              actions={(p) => (
                <>
                  <Button onClick={() => edit(p)}>{t('common.edit')}</Button>
                  <Button onClick={() => void testPage(p.name)} busy={test.isPending && test.variables === p.name}>
                    {t('printers.testPage')}
                  </Button>
                  <Button kind="danger" onClick={() => setRemoving(p.name)}>
                    {t('printers.remove')}
                  </Button>
                </>
              )}
            />
          )}
        </QueryState>
      </section>
      <QueueView />
      <ConfirmDialog
        open={removing !== null}
        title={t('printers.removeTitle', { name: removing ?? '' })}
        confirmLabel={t('printers.remove')}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const name = removing!;
          setRemoving(null);
          remove.mutate(name, { onError: (e) => setNote(explain(e).message) });
        }}
      />
    </main>
  );
}
