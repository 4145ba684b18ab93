import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpInput } from '../../api/client';
import { Button } from '../../components/Button';
import { Field, SelectField } from '../../components/Field';
import { useSubmitErrors } from '../../components/useSubmitErrors';
import { useSaveStationSettings } from './mutations';
import { useStationSettings } from './queries';
import { useScaleDevices, useScaleReading } from '../scale/queries';
import { describeReading } from '../scale/ScaleWeight';

type ScaleSetting = NonNullable<NonNullable<OpInput<'station.settings.update'>['body']>['scale']>;
const PROTOCOLS = ['nci', 'mt-sics', 'continuous', 'hid-pos'] as const;
const BAUDS = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200] as const;

/**
 * Settings, Scale: the station's scale (device and protocol), chosen from "Find scales" or typed, and its live
 * reading so that the operator sees at once whether it answers.
 */
export function ScaleSettings() {
  const settings = useStationSettings();
  const saved = settings.data?.scale ?? null;
  // The form starts from the saved setting, and starts again when another one is saved.
  return <ScaleForm key={JSON.stringify(saved)} saved={saved} />;
}

function ScaleForm({ saved }: { saved: ScaleSetting | null }) {
  const { t, i18n } = useTranslation();
  const save = useSaveStationSettings();
  const reading = useScaleReading().data;
  const [finding, setFinding] = useState(false);
  const found = useScaleDevices(finding);
  const [device, setDevice] = useState(saved?.device ?? '');
  const [protocol, setProtocol] = useState<ScaleSetting['protocol']>(saved?.protocol ?? 'nci');
  const [baud, setBaud] = useState(saved?.baud_rate ? String(saved.baud_rate) : '');
  // The service names the scale's members under /scale; the fields here are named by the member itself.
  const { form, errors, message, refused, accepted } = useSubmitErrors((p) => p.replace(/^\/scale/, ''));

  async function store(scale: ScaleSetting | null) {
    try {
      await save.mutateAsync({ scale });
      accepted(scale ? t('scale.saved') : t('scale.removed'));
    } catch (err) {
      refused(err);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    void store({ device, protocol, ...(baud && protocol !== 'hid-pos' ? { baud_rate: Number(baud) } : {}) });
  }

  return (
    <form ref={form} className="card scale-settings" aria-label={t('scale.title')} onSubmit={submit} noValidate>
      <h2>{t('scale.title')}</h2>
      <p className="hint">{t('scale.hint')}</p>
      <div className="row">
        <Field
          label={t('scale.device')}
          path="/device"
          errors={errors}
          value={device}
          onChange={(e) => setDevice(e.target.value)}
          placeholder="/dev/ttyUSB0"
          autoComplete="off"
        />
        <SelectField
          label={t('scale.protocol')}
          path="/protocol"
          errors={errors}
          value={protocol}
          onChange={(e) => setProtocol(e.target.value as ScaleSetting['protocol'])}
        >
          {PROTOCOLS.map((p) => (
            <option key={p} value={p}>
              {t(`scale.protocols.${p}`)}
            </option>
          ))}
        </SelectField>
        {protocol !== 'hid-pos' && (
          <SelectField
            label={t('scale.baud')}
            path="/baud_rate"
            errors={errors}
            value={baud}
            onChange={(e) => setBaud(e.target.value)}
          >
            <option value="">{t('scale.baudDefault')}</option>
            {BAUDS.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      <div className="actions start">
        <Button type="submit" kind="primary" busy={save.isPending}>
          {t('common.save')}
        </Button>
        <Button onClick={() => (finding ? void found.refetch() : setFinding(true))} busy={found.isFetching}>
          {t('scale.find')}
        </Button>
        {saved && <Button onClick={() => void store(null)}>{t('scale.none')}</Button>}
      </div>
      {message && <p className="note">{message}</p>}
      {reading?.device && (
        <p
          className={`scale-live tone-${reading.state === 'ok' ? 'ok' : reading.state === 'disconnected' ? 'bad' : 'warn'}`}
        >
          {describeReading(reading, t as never, i18n.language)}
        </p>
      )}
      {finding && found.data && (
        <div className="found-scales">
          {found.data.data.length === 0 ? (
            <p className="hint">{t('scale.noneFound')}</p>
          ) : (
            <ul className="rows" aria-label={t('scale.found')}>
              {found.data.data.map((d) => (
                <li key={d.path}>
                  <span>
                    <strong>{d.name}</strong> <code>{d.path}</code>{' '}
                    {d.likely_scale && <span className="pill pill-ok">{t('scale.likely')}</span>}
                  </span>
                  <Button
                    onClick={() => {
                      setDevice(d.path);
                      setProtocol(d.protocol);
                    }}
                  >
                    {t('scale.use')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {found.data.unavailable.map((u) => (
            <p key={u.kind} className="hint">
              {t('scale.unavailable', { kind: t(`scale.kinds.${u.kind as 'serial'}`), reason: u.reason })}
            </p>
          ))}
        </div>
      )}
    </form>
  );
}
