import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { setSound, soundOn } from '../../operator/feedback';
import { useExplain } from '../../api/errors';
import type { Printer } from '../../api/types';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { useSubmitErrors } from '../../components/useSubmitErrors';
import { QueryState } from '../../components/States';
import { useSavePrinter } from '../printing/mutations';
import { usePrinters } from '../printing/queries';
import { FileImport } from './FileImport';
import { useImportOffices, useImportRatecard, useSaveStationSettings } from './mutations';
import { DeskAccountSection } from './DeskAccountSection';
import { PresetsSection } from './PresetsSection';
import { useRatecard, useStationConnect, useStationSettings } from './queries';
import { SendersSection } from './SendersSection';
import { ScaleSettings } from './ScaleSettings';
import { WebhooksSection } from '../webhooks/WebhooksSection';

const FORMATS = ['PDF_A7', 'PDF_A4'] as const;

/** The default printer of each format is a printer's `default_for`; choosing one moves it there. */
function DefaultPrinters() {
  const { t } = useTranslation();
  const explain = useExplain();
  const printers = usePrinters();
  const save = useSavePrinter();
  const [error, setError] = useState<unknown>(null);
  const choose = (list: Printer[], format: (typeof FORMATS)[number], name: string) => {
    const p = list.find((x) => x.name === name);
    if (!p) return;
    const { driver, connection, settings } = p;
    save.mutate(
      { name, isNew: false, body: { driver, connection, settings, default_for: format } },
      { onError: setError, onSuccess: () => setError(null) },
    );
  };
  return (
    <section className="card" aria-label={t('settings.defaultPrinters')}>
      <h2>{t('settings.defaultPrinters')}</h2>
      <QueryState query={printers}>
        {(list) => (
          <div className="row">
            {FORMATS.map((f) => (
              <label key={f} className="field">
                {t(`printers.formats.${f}`)}
                <select
                  value={list.find((p) => p.default_for === f)?.name ?? ''}
                  onChange={(e) => choose(list, f, e.target.value)}
                >
                  <option value="">{t('printers.noDefault')}</option>
                  {list
                    .filter((p) => p.formats.includes(f))
                    .map((p) => (
                      <option key={p.name} value={p.name}>
                        {p.name}
                      </option>
                    ))}
                </select>
              </label>
            ))}
          </div>
        )}
      </QueryState>
      {printers.data?.every((p) => !p.formats.includes('PDF_A4')) && (
        <p className="hint">{t('settings.noA4Printer')}</p>
      )}
      {error !== null && <p className="error">{explain(error).message}</p>}
    </section>
  );
}

function TimeZone() {
  const { t } = useTranslation();
  const settings = useStationSettings();
  const origin = useRatecard().data?.card as { origin?: { time_zone?: string } } | undefined;
  const originZone = origin?.origin?.time_zone;
  const save = useSaveStationSettings();
  /** What the operator typed; until then the field shows the station's zone. */
  const [typed, setTyped] = useState<string | null>(null);
  const zone = typed ?? settings.data?.time_zone ?? '';
  const { form, errors, message, refused, accepted } = useSubmitErrors();
  async function store(timeZone: string) {
    try {
      await save.mutateAsync({ time_zone: timeZone });
      accepted(t('settings.saved'));
    } catch (err) {
      refused(err);
    }
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    void store(zone);
  }
  return (
    <form ref={form} className="card" aria-label={t('settings.timeZone')} onSubmit={submit} noValidate>
      <h2>{t('settings.timeZone')}</h2>
      <div className="row">
        <Field
          label={t('settings.timeZoneField')}
          path="/time_zone"
          errors={errors}
          value={zone}
          onChange={(e) => setTyped(e.target.value)}
          list="zones"
        />
        <datalist id="zones">
          {Intl.supportedValuesOf('timeZone')
            .filter((z) => z.startsWith('America/'))
            .map((z) => (
              <option key={z} value={z} />
            ))}
        </datalist>
        <Button type="submit" kind="primary" busy={save.isPending}>
          {t('common.save')}
        </Button>
      </div>
      <p className="hint">{t('settings.timeZoneHint')}</p>
      {originZone && settings.data && settings.data.time_zone !== originZone && (
        <p className="warn">
          {t('settings.timeZoneOrigin', { zone: settings.data.time_zone, origin: originZone })}{' '}
          {/* "Use" says what it does: the zone is saved at once, not left in the field for another Save. */}
          <Button
            onClick={() => {
              setTyped(originZone);
              void store(originZone);
            }}
          >
            {t('settings.useZone', { zone: originZone })}
          </Button>
        </p>
      )}
      {message && <p className="note">{message}</p>}
    </form>
  );
}

/** The language printed labels and manifests speak: the station's, or the rate card origin country's. */
function PrintedLanguage() {
  const { t } = useTranslation();
  const explain = useExplain();
  const settings = useStationSettings();
  const save = useSaveStationSettings();
  const [error, setError] = useState<unknown>(null);
  const value = settings.data ? (settings.data.language_chosen ? settings.data.language : 'auto') : '';
  return (
    <section className="card" aria-label={t('settings.printedLanguage')}>
      <h2>{t('settings.printedLanguage')}</h2>
      <label className="field">
        <span>{t('settings.printedLanguageField')}</span>
        <select
          value={value}
          onChange={(e) =>
            save.mutate(
              { language: e.target.value === 'auto' ? null : (e.target.value as 'en' | 'es') },
              { onError: setError, onSuccess: () => setError(null) },
            )
          }
        >
          <option value="auto">
            {t('settings.languageAuto', {
              language:
                settings.data && !settings.data.language_chosen
                  ? t(`settings.languages.${settings.data.language}`)
                  : '…',
            })}
          </option>
          <option value="es">{t('settings.languages.es')}</option>
          <option value="en">{t('settings.languages.en')}</option>
        </select>
      </label>
      <p className="hint">{t('settings.printedLanguageHint')}</p>
      {error !== null && <p className="error">{explain(error).message}</p>}
    </section>
  );
}

/** This desk's own preferences, kept in this browser: the sound of outcomes. */
function ThisDesk() {
  const { t } = useTranslation();
  const [sound, setSoundState] = useState(soundOn);
  return (
    <section className="card" aria-label={t('settings.thisDesk')}>
      <h2>{t('settings.thisDesk')}</h2>
      <label className="check">
        <input
          type="checkbox"
          checked={sound}
          onChange={(e) => {
            setSound(e.target.checked);
            setSoundState(e.target.checked);
          }}
        />{' '}
        {t('settings.sound')}
      </label>
      <p className="hint">{t('settings.soundHint')}</p>
    </section>
  );
}

/** A file that is not JSON is refused here, in the same words as a card the service refuses. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new ApiError({
      status: 400,
      code: 'validation_failed',
      detail: 'not JSON',
      errors: [{ path: '/', message: (e as Error).message, code: 'format', params: { format: 'json' } }],
    });
  }
}

function Imports() {
  const { t } = useTranslation();
  const ratecard = useImportRatecard();
  const offices = useImportOffices();
  const [replace, setReplace] = useState(false);
  return (
    <section className="card" aria-label={t('settings.imports')}>
      <h2>{t('settings.imports')}</h2>
      <FileImport
        label={t('settings.ratecardFile')}
        accept=".json,application/json"
        run={async (file, text) => {
          const info = await ratecard.mutateAsync({ card: parseJson(text), source: file.name });
          return t('settings.ratecardImported', { version: info.version });
        }}
      />
      <FileImport
        label={t('settings.officesFile')}
        accept=".json,.csv,text/csv,application/json"
        run={async (file, text) => {
          const r = await offices.mutateAsync({
            format: /\.csv$/i.test(file.name) ? 'csv' : 'json',
            content: text,
            replace,
          });
          return t('settings.officesImported', r);
        }}
      >
        <label className="check">
          <input type="checkbox" checked={replace} onChange={(e) => setReplace(e.target.checked)} />{' '}
          {t('settings.officesReplace')}
        </label>
      </FileImport>
    </section>
  );
}

function ConnectDesk() {
  const { t } = useTranslation();
  const desktop = !!window.station;
  const connect = useStationConnect(!desktop);
  const urls = connect.data?.desk_urls ?? [];
  return (
    <section className="card" aria-label={t('settings.connect')}>
      <h2>{t('settings.connect')}</h2>
      {desktop ? (
        <p>{t('settings.connectDesktop')}</p>
      ) : connect.data && !connect.data.other_computers ? (
        <>
          <p className="warn">{t('settings.connectLoopback')}</p>
          <p>
            <code>station serve --host 0.0.0.0 --tls-cert cert.pem --tls-key key.pem</code>
          </p>
          <p className="hint">{t('settings.connectLoopbackHint')}</p>
        </>
      ) : (
        <ol className="steps">
          <li>
            {t('settings.connectStep1')}{' '}
            <code>
              station token create --account ACCOUNT --name desk-2 --permissions
              shipments.read,shipments.write,rates.read
            </code>
          </li>
          <li>
            {t('settings.connectStep2')}{' '}
            {urls.map((u) => (
              <code key={u}>{u} </code>
            ))}
          </li>
          <li>{t('settings.connectStep3')}</li>
        </ol>
      )}
    </section>
  );
}

/**
 * Settings kept in the station (not in this browser): senders, presets, default printers, time zone, imports,
 * webhooks.
 */
export function SettingsView() {
  return (
    <main className="page settings-grid">
      <DeskAccountSection />
      <SendersSection />
      <PresetsSection />
      <ThisDesk />
      <DefaultPrinters />
      <ScaleSettings />
      <TimeZone />
      <PrintedLanguage />
      <Imports />
      <WebhooksSection />
      <ConnectDesk />
    </main>
  );
}
