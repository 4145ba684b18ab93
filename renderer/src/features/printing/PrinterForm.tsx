import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpInput } from '../../api/client';
import { Button } from '../../components/Button';
import { Field, SelectField } from '../../components/Field';
import { useSubmitErrors } from '../../components/useSubmitErrors';
import type { Printer } from '../../api/types';
import { isPrinterName } from '@shared/schemas/printer-name';
import { useSavePrinter } from './mutations';

type Body = OpInput<'printers.update'>['body'];
const DRIVERS = ['zpl', 'escpos', 'tspl', 'system', 'file'] as const;

/** Adds a printer or edits one: driver, connection, resolution, status acknowledgement, default format. */
export function PrinterForm({
  printer,
  initial,
  onDone,
}: {
  printer: Printer | null;
  initial?: Partial<Body> & { name?: string };
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSavePrinter();
  const { form, errors, message, refused, focusInvalid } = useSubmitErrors();
  const start = printer ?? initial ?? {};
  const [name, setName] = useState(printer?.name ?? initial?.name ?? '');
  const [driver, setDriver] = useState<Body['driver']>(start.driver ?? 'zpl');
  const [connection, setConnection] = useState(start.connection ?? '');
  const [dpi, setDpi] = useState(String(start.settings?.dpi ?? 203));
  const [ack, setAck] = useState(start.settings?.status_ack ?? true);
  const [defaultFor, setDefaultFor] = useState<string>(start.default_for ?? '');
  const raw = driver === 'zpl' || driver === 'escpos' || driver === 'tspl';
  // The service's own rule, said as the name is typed rather than after Save.
  const nameProblem = !printer && name.trim() !== '' && !isPrinterName(name.trim()) ? t('printers.nameRule') : null;
  const shown = nameProblem ? { ...errors, '/name': nameProblem } : errors;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (nameProblem) {
      focusInvalid();
      return;
    }
    const body: Body = {
      driver,
      connection,
      settings: raw
        ? { ...printer?.settings, dpi: Number(dpi) as 203 | 300, status_ack: ack }
        : (printer?.settings ?? {}),
      default_for: (defaultFor || null) as Body['default_for'],
    };
    try {
      await save.mutateAsync({ name: name.trim(), body, isNew: !printer });
      onDone();
    } catch (err) {
      refused(err);
    }
  }

  return (
    <form
      ref={form}
      className="card form-grid"
      aria-label={printer ? t('printers.editTitle', { name: printer.name }) : t('printers.addTitle')}
      onSubmit={submit}
      noValidate
    >
      <h3>{printer ? t('printers.editTitle', { name: printer.name }) : t('printers.addTitle')}</h3>
      <Field
        label={t('printers.name')}
        path="/name"
        errors={shown}
        value={name}
        onChange={(e) => setName(e.target.value)}
        hint={printer ? undefined : t('printers.nameRule')}
        disabled={!!printer}
        autoFocus={!printer}
      />
      <SelectField
        label={t('printers.driver')}
        path="/driver"
        errors={errors}
        value={driver}
        onChange={(e) => setDriver(e.target.value as Body['driver'])}
      >
        {DRIVERS.map((d) => (
          <option key={d} value={d}>
            {t(`printers.drivers.${d}`)}
          </option>
        ))}
      </SelectField>
      <Field
        label={t('printers.connection')}
        path="/connection"
        errors={errors}
        value={connection}
        onChange={(e) => setConnection(e.target.value)}
        hint={t(`printers.connectionHint.${raw ? 'raw' : driver}` as 'printers.connectionHint.raw')}
      />
      {raw && (
        <>
          <SelectField
            label={t('printers.dpi')}
            path="/settings/dpi"
            errors={errors}
            value={dpi}
            onChange={(e) => setDpi(e.target.value)}
          >
            <option value="203">203 dpi</option>
            <option value="300">300 dpi</option>
          </SelectField>
          <label className="check">
            <input type="checkbox" checked={ack} onChange={(e) => setAck(e.target.checked)} /> {t('printers.statusAck')}
          </label>
        </>
      )}
      <SelectField
        label={t('printers.defaultFor')}
        path="/default_for"
        errors={errors}
        value={defaultFor}
        onChange={(e) => setDefaultFor(e.target.value)}
      >
        <option value="">{t('printers.noDefault')}</option>
        <option value="PDF_A7">{t('printers.formats.PDF_A7')}</option>
        <option value="PDF_A4">{t('printers.formats.PDF_A4')}</option>
      </SelectField>
      {message && (
        <p className="error" role="alert">
          {message}
        </p>
      )}
      <div className="actions">
        <Button onClick={onDone}>{t('common.cancel')}</Button>
        <Button type="submit" kind="primary" busy={save.isPending} busyLabel={t('common.saving')}>
          {t('printers.save')}
        </Button>
      </div>
    </form>
  );
}
