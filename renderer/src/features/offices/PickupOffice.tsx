import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpInput } from '../../api/client';
import { Button } from '../../components/Button';
import { OfficePicker, type Office } from './OfficePicker';

type Body = OpInput<'shipments.create'>['body'];

/** Where the form marks a PICKUP without its office (the API's own pointer for it). */
export const OFFICE_PATH = '/office';

/**
 * A new shipment's body with its pickup office: the office's id, and no destination address (the service fills in
 * the office's). Other methods leave the body as it is.
 */
export function withOffice(body: Body, office: Office | null): Body {
  if (body.method !== 'PICKUP' || !office) return body;
  const { address: _typed, ...destination } = body.destination;
  return { ...body, office: office.id, destination };
}

/**
 * Pack's pickup office: shown while the method is PICKUP. The picker opens when the operator chooses PICKUP (not
 * when it is merely the cheapest quote chosen for them, which would take the focus mid-typing), and on demand.
 */
export function PickupOffice({
  method,
  zip,
  office,
  error,
  onChange,
}: {
  method: string | null;
  zip: string;
  office: Office | null;
  /** Create was asked without an office: said here, and the button takes the focus. */
  error?: string | undefined;
  onChange: (office: Office | null) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const previous = useRef(method);
  useEffect(() => {
    if (method === 'PICKUP' && previous.current !== null && previous.current !== 'PICKUP' && !office) setOpen(true);
    previous.current = method;
  }, [method, office]);

  if (method !== 'PICKUP') return null;
  return (
    <div className="pickup-office" role="group" aria-label={t('offices.title')}>
      {office ? (
        <p>
          <strong>{office.name}</strong> <span className="mono muted">{office.code}</span>
          <br />
          {office.address.street}, {office.address.zip} {office.address.city}
        </p>
      ) : (
        <p className={error ? 'error' : 'warn'} id="office-needed">
          {error ?? t('offices.needed')}
        </p>
      )}
      <Button
        onClick={() => setOpen(true)}
        aria-invalid={!!error}
        aria-describedby={office ? undefined : 'office-needed'}
      >
        {office ? t('offices.change') : t('offices.open')}
      </Button>
      <OfficePicker
        open={open}
        zip={zip}
        onClose={() => setOpen(false)}
        onPick={(o) => {
          onChange(o);
          setOpen(false);
        }}
      />
    </div>
  );
}
