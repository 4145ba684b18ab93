import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { httpClient } from '../api/client';
import { useExplain } from '../api/errors';
import { Button } from '../components/Button';

/** A browser desk signs in with a token made by `station token create`; it is checked before it is kept. */
export function SignIn({ onSignedIn }: { onSignedIn: (token: string) => void }) {
  const { t } = useTranslation();
  const explain = useExplain();
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await httpClient(token.trim()).call('shipments.search', { query: { size: 1 } });
      onSignedIn(token.trim());
    } catch (err) {
      setError(explain(err).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card signin" onSubmit={submit} aria-label={t('signIn.title')}>
      <h2>{t('signIn.title')}</h2>
      <p>{t('signIn.hint')}</p>
      <label>
        {t('signIn.token')}
        <input
          type="password"
          value={token}
          onChange={(e) => setToken(e.target.value)}
          autoComplete="off"
          autoFocus
          required
        />
      </label>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <Button type="submit" kind="primary" busy={busy} busyLabel={t('signIn.checking')} disabled={!token.trim()}>
        {t('signIn.submit')}
      </Button>
    </form>
  );
}
