import { useEffect, useState, type FormEvent } from 'react';
import { type OpInput, type StationClient, errorMessage } from '../api/client';
import type { TokenInfo } from '../api/types';


const PERMISSIONS = [
  ['rates.read', 'Quote rates'],
  ['shipments.read', 'Read shipments and labels'],
  ['shipments.write', 'Create and cancel shipments, print'],
  ['events.read', 'Read tracking'],
  ['events.write', 'Record tracking events'],
  ['tokens.write', 'Manage credentials'],
] as const;

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : '—');

/** The account console's credentials section: create a token for a store or script, copy it once, revoke it. */
export function Credentials({ client }: { client: StationClient }) {
  const [tokens, setTokens] = useState<TokenInfo[]>([]);
  const [name, setName] = useState('');
  const [perms, setPerms] = useState<OpInput<'tokens.create'>['body']['permissions']>(['shipments.read']);
  const [days, setDays] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = () => client.call('tokens.list').then(setTokens, fail);

  function fail(e: unknown) {
    setError(errorMessage(e));
  }

  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client]);

  async function create(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      const t = await client.call('tokens.create', {
        body: { name, permissions: perms, ...(days ? { expires_in_days: Number(days) } : {}) },
      });
      setCreated(t.token);
      setName('');
      await load();
    } catch (err) {
      fail(err);
    }
  }

  async function revoke(id: number) {
    setError(null);
    try {
      await client.call('tokens.revoke', { params: { id: String(id) } });
      await load();
    } catch (err) {
      fail(err);
    }
  }

  return (
    <main className="pack">
      <form className="card grid" onSubmit={create} aria-label="New credential">
        <label className="field">
          Name
          <input value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. web store sync" required />
        </label>
        <fieldset>
          <legend>Permissions</legend>
          {PERMISSIONS.map(([p, label]) => (
            <label key={p}>
              <input
                type="checkbox"
                checked={perms.includes(p)}
                onChange={(e) => setPerms(e.target.checked ? [...perms, p] : perms.filter((x) => x !== p))}
              />{' '}
              {label} <code>{p}</code>
            </label>
          ))}
        </fieldset>
        <label className="field">
          Expires after (days, optional)
          <input inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} />
        </label>
        <button type="submit" disabled={!name.trim() || perms.length === 0}>
          Create credential
        </button>
      </form>
      {created && (
        <section className="card" aria-label="New token">
          <p>Copy this token now; it will not be shown again.</p>
          <code className="mono secret">{created}</code>{' '}
          <button type="button" onClick={() => void navigator.clipboard?.writeText(created)}>
            Copy
          </button>
        </section>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <section className="card">
        <table aria-label="Credentials">
          <thead>
            <tr>
              <th>Name</th>
              <th>Token</th>
              <th>Permissions</th>
              <th>Expires</th>
              <th>Last used</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {tokens.map((t) => (
              <tr key={t.id}>
                <td>{t.name}</td>
                <td className="mono">{t.prefix}…</td>
                <td>{t.permissions.join(', ')}</td>
                <td>{t.revoked_at ? 'revoked' : day(t.expires_at)}</td>
                <td>{day(t.last_used_at)}</td>
                <td>
                  {!t.revoked_at && (
                    <button type="button" className="danger" onClick={() => void revoke(t.id)}>
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </main>
  );
}
