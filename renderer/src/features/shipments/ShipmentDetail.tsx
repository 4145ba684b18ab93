import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Shipment } from '../../api/types';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorLine, ErrorState, Loading } from '../../components/States';
import { formatKg, formatNumber } from '../../i18n/numbers';
import { AddPackages } from '../packages/AddPackages';
import { money } from '../pack/QuotePicker';
import { useQuote } from '../pack/queries';
import { PrintLabels } from './PrintLabels';
import { RecordEvent } from './RecordEvent';
import { useCancelShipment } from './mutations';
import { useEvents, usePackages, useShipment } from './queries';
import { when } from './ShipmentTable';

type Party = Shipment['origin'];

function PartyBlock({ title, party }: { title: string; party: Party }) {
  const a = party.address;
  return (
    <div>
      <h3>{title}</h3>
      <p>
        <strong>{party.contact.name}</strong>
        {party.contact.phone && <> · {party.contact.phone}</>}
        {party.contact.email && <> · {party.contact.email}</>}
        <br />
        {a.street}, {a.zip} {a.city}, {a.state}, {a.country}
      </p>
    </div>
  );
}

/**
 * What the shipment's method costs for its destination and parcel by the rate card in force (the service keeps
 * no price with a shipment): the quote the desk showed when it was packed, asked again.
 */
function ShippingPrice({ shipment: s }: { shipment: Shipment }) {
  const { t, i18n } = useTranslation();
  const d = s.dimensions;
  // A parcel not weighed yet (an order imported without a weight) has no price until it is.
  const quote = useQuote(
    d.weight === null
      ? null
      : { zip: s.destination.address.zip, length: d.length, width: d.width, height: d.height, weight: d.weight },
  );
  const option = quote.data?.find((o) => o.method === s.method);
  return (
    <>
      <dt>{t('detail.price')}</dt>
      <dd>
        {option
          ? t('detail.priceNow', { price: money(option, i18n.language) })
          : quote.isPending
            ? '…'
            : t('common.none')}
      </dd>
    </>
  );
}

/**
 * One shipment: sender and receiver, parcel, method and price, its tracking in words (followed without a reload), its
 * packages, and what can still be done with it: print, add packages, record an event, cancel (asking first).
 */
export function ShipmentDetail({
  code,
  onClose,
  onCanceled,
}: {
  code: string;
  onClose: () => void;
  /** Canceled: the button that did it is gone, and the focus with it. */
  onCanceled: () => void;
}) {
  const { t, i18n } = useTranslation();
  const shipment = useShipment(code);
  const events = useEvents(code);
  const s = shipment.data;
  const packages = usePackages(code, !!s && s.packages > 0);
  const cancel = useCancelShipment();
  const [asking, setAsking] = useState(false);
  const ref = useRef<HTMLElement>(null);

  // The detail of a lower row must not open out of sight.
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, [code, shipment.isPending]);

  if (shipment.isPending)
    return (
      <aside className="card detail">
        <Loading />
      </aside>
    );
  if (!s)
    return (
      <aside className="card detail">
        <ErrorState error={shipment.error} onRetry={() => void shipment.refetch()} />
      </aside>
    );

  const lang = i18n.language;
  const d = s.dimensions;
  return (
    <aside ref={ref} className="card detail" aria-label={t('detail.title', { code: s.code })}>
      <div className="detail-head">
        <h2 className="mono">{s.code}</h2>
        <button type="button" className="btn btn-plain" onClick={onClose} aria-label={t('detail.close')}>
          ×
        </button>
      </div>
      <p className="detail-status">
        <span className={`badge status-${s.status}`}>{t(`codes.status.${s.status}`)}</span>
        {s.sub_status && <> · {t(`codes.subStatus.${s.sub_status}`)}</>}
      </p>
      <dl className="facts">
        <dt>{t('detail.ref')}</dt>
        <dd>{s.ref}</dd>
        <dt>{t('detail.method')}</dt>
        <dd>
          {t(`codes.method.${s.method}`)} · {t(`codes.type.${s.type}`)}
        </dd>
        {s.twin && (
          <>
            <dt>{t('detail.package')}</dt>
            <dd>{t('detail.packageOf', { n: s.number, parent: s.twin })}</dd>
          </>
        )}
        <ShippingPrice shipment={s} />
        <dt>{t('detail.value')}</dt>
        <dd>
          {s.value === null
            ? t('common.none')
            : formatNumber(s.value, lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
        </dd>
        <dt>{t('detail.created')}</dt>
        <dd>{when(s.created_at, lang)}</dd>
        <dt>{t('detail.labelled')}</dt>
        <dd>{s.labelled_at ? when(s.labelled_at, lang) : t('detail.notLabelled')}</dd>
        {s.platform && (
          <>
            <dt>{t('detail.platform')}</dt>
            <dd>{t(`codes.platform.${s.platform}`)}</dd>
          </>
        )}
      </dl>
      <PartyBlock title={t('detail.sender')} party={s.origin} />
      <PartyBlock
        title={s.method === 'PICKUP' ? t('detail.receiverAtOffice') : t('detail.receiver')}
        party={s.destination}
      />
      <h3>{t('detail.parcel')}</h3>
      <p>
        {t('detail.dimensions', {
          weight: d.weight === null ? t('parcel.weightUnknown') : formatKg(d.weight, lang),
          length: formatNumber(d.length, lang),
          width: formatNumber(d.width, lang),
          height: formatNumber(d.height, lang),
        })}
        {s.content && <> · {s.content}</>}
      </p>

      <div className="actions start">
        {s.actions.label && (
          <PrintLabels
            code={s.code}
            packages={false}
            printed={!!s.labelled_at}
            label={s.labelled_at ? t('detail.reprint') : t('detail.print')}
          />
        )}
        {s.actions.cancel && (
          <Button kind="danger" onClick={() => setAsking(true)} busy={cancel.isPending}>
            {t('detail.cancel')}
          </Button>
        )}
      </div>
      <ErrorLine error={cancel.error} />
      <ConfirmDialog
        open={asking}
        title={t('detail.cancelTitle', { code: s.code })}
        confirmLabel={t('detail.cancelConfirm')}
        cancelLabel={t('detail.cancelKeep')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          cancel.mutate(s.code, { onSuccess: onCanceled });
        }}
      >
        <p>
          {s.labelled_at
            ? t('detail.cancelPrinted', { when: when(s.labelled_at, lang) })
            : t('detail.cancelNotPrinted')}
        </p>
        {s.packages > 0 && <p>{t('detail.cancelPackages', { count: s.packages })}</p>}
      </ConfirmDialog>

      {s.twin === null && (
        <section aria-label={t('packages.title')}>
          <h3>{t('packages.title')}</h3>
          {s.packages > 0 && packages.data && (
            <>
              <ol className="packages">
                {packages.data.map((p) => (
                  <li key={p.id}>
                    <span className="mono">{p.code}</span> ·{' '}
                    {t('packages.numbered', { n: p.number, total: s.packages })} · {p.origin.contact.name},{' '}
                    {p.origin.address.city} ·{' '}
                    <span className={`badge status-${p.status}`}>{t(`codes.status.${p.status}`)}</span>
                    {p.actions.label && (
                      <PrintLabels
                        code={p.code}
                        packages={false}
                        printed={!!p.labelled_at}
                        label={t('packages.printOne')}
                      />
                    )}
                  </li>
                ))}
              </ol>
              {s.actions.label && (
                <PrintLabels
                  code={s.code}
                  packages
                  printed={!!s.labelled_at}
                  label={t('packages.printAll', { count: s.packages + 1 })}
                />
              )}
            </>
          )}
          {s.packages === 0 && <p className="muted">{t('packages.none')}</p>}
          {s.actions.packages && <AddPackages parent={s} />}
        </section>
      )}

      <section aria-label={t('detail.tracking')}>
        <h3>{t('detail.tracking')}</h3>
        {events.data ? (
          <ol className="timeline">
            {events.data.map((e) => (
              <li key={e.id}>
                <time dateTime={e.date}>{when(e.date, lang)}</time>
                <strong>{t(`codes.status.${e.status}`)}</strong>
                {e.sub_status && <span> · {t(`codes.subStatus.${e.sub_status}`)}</span>}
                {e.issue && <span className="issue"> · {t(`codes.issue.${e.issue}`)}</span>}
                {e.receiver && <span> · {t('detail.receivedBy', { name: e.receiver.name })}</span>}
              </li>
            ))}
          </ol>
        ) : (
          <Loading />
        )}
        {s.actions.events && <RecordEvent shipment={s} />}
      </section>
    </aside>
  );
}
