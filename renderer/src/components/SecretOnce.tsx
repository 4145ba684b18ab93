import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';

/**
 * A secret the service shows once (an access token as it is made, a webhook's signing secret as it is made or
 * rotated): the secret, why to copy it now, a copy button with visible feedback (also when the clipboard refuses),
 * and a way to close it. A region named `label`, with `label` as its heading when `heading` is set.
 */
export function SecretOnce({
  secret,
  label,
  heading = false,
  className,
  copyNow,
  copiedText,
  onClose,
}: {
  secret: string;
  label: string;
  heading?: boolean;
  className: string;
  copyNow: string;
  copiedText: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // Tied to the secret it was for: a new secret starts without feedback.
  const [copied, setCopied] = useState<{ of: string; ok: boolean } | null>(null);
  const state = copied?.of === secret ? (copied.ok ? 'yes' : 'failed') : null;
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied({ of: secret, ok: true });
    } catch {
      setCopied({ of: secret, ok: false });
    }
  }
  return (
    <section className={className} aria-label={label}>
      {heading && <h2>{label}</h2>}
      <p>{copyNow}</p>
      <code className="mono secret">{secret}</code>
      <div className="actions start">
        <Button kind="primary" onClick={() => void copy()}>
          {state === 'yes' ? t('credentials.copied') : t('credentials.copy')}
        </Button>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </div>
      <p aria-live="polite" className={state === 'failed' ? 'error' : 'ok'}>
        {state === 'yes' ? copiedText : state === 'failed' ? t('credentials.copyFailed') : ''}
      </p>
    </section>
  );
}
