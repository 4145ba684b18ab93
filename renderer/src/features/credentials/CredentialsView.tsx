import { DESK_TOKEN_NAME } from '@shared/schemas/codes';
import { formatDate } from '../../i18n/dates';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpInput } from '../../api/client';
import { useExplain } from '../../api/errors';
import type { TokenInfo } from '../../api/types';
import { forgetToken } from '../../app/session';
import { DataTable } from '../../components/DataTable';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Field } from '../../components/Field';
import { SecretOnce } from '../../components/SecretOnce';
import { ErrorLine, QueryState } from '../../components/States';
import { useCreateToken, useRevokeToken } from './mutations';
import { useCurrentToken, useTokens } from './queries';

type Permission = OpInput<'tokens.create'>['body']['permissions'][number];
const PERMISSIONS: Permission[] = [
  'rates.read',
  'shipments.read',
  'shipments.write',
  'events.read',
  'events.write',
  'tokens.write',
  'station.admin',
  'webhooks.write',
];
const EXPIRIES = ['', '7', '30', '90', '365'] as const;

/**
 * The account console's credentials: create a token for a store or script (each permission explained, an expiry
 * chosen), copy it once with visible feedback, revoke — asking first, and explaining when it is the desk's own.
 */
export function CredentialsView() {
  const { t, i18n } = useTranslation();
  const explain = useExplain();
  const tokens = useTokens();
  const current = useCurrentToken();
  const [name, setName] = useState('');
  const [perms, setPerms] = useState<Permission[]>(['shipments.read']);
  const [days, setDays] = useState<(typeof EXPIRIES)[number]>('90');
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<TokenInfo | null>(null);
  const create = useCreateToken();
  /** A token's name as the desk says it: the station named its own desk's token, in English. */
  const nameOf = (tk: TokenInfo) => (tk.name === DESK_TOKEN_NAME ? t('credentials.deskTokenName') : tk.name);
  // The desk's token and the tokens it was made with: revoking any of them ends the desk's too (contract).
  const signsIn = new Set<number>();
  for (
    let id = current.data?.id ?? null;
    id !== null && !signsIn.has(id);
    id = tokens.data?.find((x) => x.id === id)?.made_by ?? null
  )
    signsIn.add(id);
  const revoke = useRevokeToken();
  const date = (iso: string | null) => (iso ? formatDate(iso, i18n.language) : t('common.none'));
  const errors = create.error ? explain(create.error).fields : {};

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { name: name.trim(), permissions: perms, ...(days ? { expires_in_days: Number(days) } : {}) },
      {
        onSuccess: (made) => {
          setCreated(made.token);
          setName('');
        },
      },
    );
  };

  const own = revoking !== null && signsIn.has(revoking.id);
  return (
    <main className="page credentials">
      <form className="card" onSubmit={submit} aria-label={t('credentials.new')}>
        <h2>{t('credentials.new')}</h2>
        <Field
          label={t('credentials.name')}
          path="/name"
          errors={errors}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder={t('credentials.nameHint')}
        />
        <fieldset>
          <legend>{t('credentials.permissions')}</legend>
          {PERMISSIONS.map((p) => (
            <label key={p} className="permission">
              <input
                type="checkbox"
                checked={perms.includes(p)}
                onChange={(e) => setPerms(e.target.checked ? [...perms, p] : perms.filter((x) => x !== p))}
              />
              <span>
                <strong>{t(`credentials.perm.${p.replace('.', '_') as 'rates_read'}.name`)}</strong> <code>{p}</code>
                <br />
                <span className="hint">{t(`credentials.perm.${p.replace('.', '_') as 'rates_read'}.explain`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <label className="field">
          <span>{t('credentials.expires')}</span>
          <select value={days} onChange={(e) => setDays(e.target.value as (typeof EXPIRIES)[number])}>
            {EXPIRIES.map((d) => (
              <option key={d} value={d}>
                {d ? t('credentials.days', { count: Number(d) }) : t('credentials.never')}
              </option>
            ))}
          </select>
        </label>
        <div className="actions start">
          <Button type="submit" kind="primary" busy={create.isPending} disabled={!name.trim() || perms.length === 0}>
            {t('credentials.create')}
          </Button>
        </div>
        <ErrorLine error={create.error} />
      </form>

      {created && (
        <SecretOnce
          secret={created}
          label={t('credentials.newToken')}
          heading
          className="card"
          copyNow={t('credentials.copyNow')}
          copiedText={t('credentials.copiedText')}
          onClose={() => setCreated(null)}
        />
      )}

      <section className="card" aria-label={t('credentials.list')}>
        <h2>{t('credentials.list')}</h2>
        <ErrorLine error={revoke.error} />
        <QueryState query={tokens} empty={(d) => d.length === 0}>
          {(list) => (
            <DataTable
              rows={list}
              rowKey={(tk) => tk.id}
              columns={[
                {
                  header: t('credentials.name'),
                  cell: (tk) => (
                    <>
                      {nameOf(tk)}
                      {tk.id === current.data?.id && <span className="badge">{t('credentials.thisDesk')}</span>}
                    </>
                  ),
                },
                { header: t('credentials.token'), cell: (tk) => `${tk.prefix}…`, className: 'mono' },
                { header: t('credentials.permissions'), cell: (tk) => tk.permissions.join(', ') },
                {
                  header: t('credentials.expiresCol'),
                  cell: (tk) =>
                    tk.revoked_at
                      ? t('credentials.revoked', { when: date(tk.revoked_at) })
                      : tk.expires_at
                        ? date(tk.expires_at)
                        : t('credentials.never'),
                },
                { header: t('credentials.lastUsed'), cell: (tk) => date(tk.last_used_at) },
              ]}
              actions={(tk) =>
                !tk.revoked_at && (
                  <Button
                    kind="danger"
                    onClick={() => setRevoking(tk)}
                    aria-label={t('credentials.revokeOne', { name: nameOf(tk) })}
                  >
                    {t('credentials.revoke')}
                  </Button>
                )
              }
            />
          )}
        </QueryState>
      </section>

      <ConfirmDialog
        open={revoking !== null}
        title={t('credentials.revokeTitle', { name: revoking ? nameOf(revoking) : '' })}
        confirmLabel={t('credentials.revoke')}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          const id = revoking!.id;
          setRevoking(null);
          revoke.mutate(id, {
            onSuccess: () => {
              if (!signsIn.has(id)) return;
              // The desk's own token: it is signed out now.
              forgetToken();
              window.location.reload();
            },
          });
        }}
      >
        <p>
          {!own
            ? t('credentials.revokeOther')
            : revoking?.id === current.data?.id
              ? t('credentials.revokeOwn')
              : t('credentials.revokeMaker')}
        </p>
      </ConfirmDialog>
    </main>
  );
}
