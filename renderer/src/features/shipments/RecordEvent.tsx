import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpInput } from '../../api/client';
import type { Shipment } from '../../api/types';
import { Button } from '../../components/Button';
import { nextStatuses } from '@shared/transitions';
import { ISSUES, SUB_STATUSES } from './codes';
import { useRecordEvent } from './mutations';
import { ErrorLine } from '../../components/States';

type Body = OpInput<'events.create'>['body'];

/**
 * Records a tracking event (e.g. handed to the carrier) for a token with events.write. Only the moves the state
 * machine allows from the shipment's status are offered (the first of them chosen), and staying put for a new
 * sub-status or issue; the service still decides, and a refusal is shown with its reason.
 */
export function RecordEvent({ shipment }: { shipment: Shipment }) {
  const { t } = useTranslation();
  const record = useRecordEvent();
  const [open, setOpen] = useState(false);
  const moves = nextStatuses(shipment.status);
  const [status, setStatus] = useState<Body['status']>(moves[0] ?? shipment.status);
  const [sub, setSub] = useState('');
  const [issue, setIssue] = useState('');
  const [receiver, setReceiver] = useState('');

  if (!open)
    return (
      <Button
        onClick={() => {
          // The status may have moved since the detail opened: offer the first move from where it is now.
          setStatus(moves[0] ?? shipment.status);
          setOpen(true);
        }}
      >
        {t('event.open')}
      </Button>
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: Body = { status };
    if (sub) body.sub_status = sub as Body['sub_status'];
    if (issue) body.issue = issue as Body['issue'];
    if (status === 'DELIVERED' && receiver.trim()) body.receiver = { name: receiver.trim() };
    record.mutate({ code: shipment.code, body }, { onSuccess: () => setOpen(false) });
  };

  return (
    <form className="record-event" aria-label={t('event.title')} onSubmit={submit}>
      <label className="field">
        <span>{t('event.status')}</span>
        <select value={status} onChange={(e) => setStatus(e.target.value as Body['status'])} autoFocus>
          {[...moves, shipment.status].map((s) => (
            <option key={s} value={s}>
              {t(`codes.status.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t('event.subStatus')}</span>
        <select value={sub} onChange={(e) => setSub(e.target.value)}>
          <option value="">{t('common.none')}</option>
          {SUB_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`codes.subStatus.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t('event.issue')}</span>
        <select value={issue} onChange={(e) => setIssue(e.target.value)}>
          <option value="">{t('common.none')}</option>
          {ISSUES.map((s) => (
            <option key={s} value={s}>
              {t(`codes.issue.${s}`)}
            </option>
          ))}
        </select>
      </label>
      {status === 'DELIVERED' && (
        <label className="field">
          <span>{t('event.receiver')}</span>
          <input value={receiver} onChange={(e) => setReceiver(e.target.value)} />
        </label>
      )}
      <div className="actions start">
        <Button type="submit" kind="primary" busy={record.isPending}>
          {t('event.submit')}
        </Button>
        <Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
      </div>
      <ErrorLine error={record.error} />
    </form>
  );
}
