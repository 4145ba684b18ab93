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
 * Pack's pickup office: shown while the method is PICKUP, with the picker that chooses it. The form opens the picker
 * (`choosing`) when the operator chooses PICKUP; the button here opens it on demand.
 */
export function PickupOffice({
  method,
  zip,
  office,
  error,
  onChange,
  choosing,
  onChoosing,
}: {
  method: string | null;
  zip: string;
  office: Office | null;
  /** Create was asked without an office: said here, and the button takes the focus. */
  error?: string | undefined;
  onChange: (office: Office | null) => void;
  choosing: boolean;
  onChoosing: (open: boolean) => void;
}) {
  const { t } = useTranslation();

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
        onClick={() => onChoosing(true)}
        aria-invalid={!!error}
        aria-describedby={office ? undefined : 'office-needed'}
      >
        {office ? t('offices.change') : t('offices.open')}
      </Button>
      <OfficePicker
        open={choosing}
        zip={zip}
        onClose={() => onChoosing(false)}
        onPick={(o) => {
          onChange(o);
          onChoosing(false);
        }}
      />
    </div>
  );
}
