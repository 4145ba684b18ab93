import { useState, type FormEvent } from 'react';
import { httpClient, ApiError } from '../api/client';

/** A browser desk signs in with a token made by `station token create`; it is checked before it is kept. */
export function SignIn({ onSignedIn }: { onSignedIn: (token: string) => void }) {
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
      setError(err instanceof ApiError ? err.problem.detail : 'The service cannot be reached.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card signin" onSubmit={submit} aria-label="Sign in">
      <h2>Sign in</h2>
      <p>Paste a personal access token (create one with <code>station token create</code>).</p>
      <label>
        Access token
        <input type="password" value={token} onChange={(e) => setToken(e.target.value)} autoComplete="off" required />
      </label>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy || !token.trim()}>
        {busy ? 'Checking…' : 'Sign in'}
      </button>
    </form>
  );
}
