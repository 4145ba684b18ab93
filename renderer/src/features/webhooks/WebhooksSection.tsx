import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
// The service's own list of events: codes.ts is free of Node and of the schemas, so the page may carry it.
import { WEBHOOK_EVENTS, type WebhookEvent } from '@shared/schemas/codes';
import type { Webhook, WebhookDelivery } from '../../api/types';
import { ActionsHeader } from '../../components/ActionsHeader';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Pager } from '../../components/Pager';
import { Field } from '../../components/Field';
import { useSubmitErrors } from '../../components/useSubmitErrors';
import { SecretOnce } from '../../components/SecretOnce';
import { ErrorLine, QueryState } from '../../components/States';
import { formatNumber } from '../../i18n/numbers';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useEnableWebhook,
  useRetryDelivery,
  useRotateWebhook,
  useTestWebhook,
} from './mutations';
import { useDeliveries, useWebhooks } from './queries';
import './words';

const eventKey = (e: string) => e.replace('.', '_') as 'shipment_created';

const STATE_PILL = { delivered: 'pill tone-ok', failed: 'pill tone-error', pending: 'pill tone-warn' } as const;

/** A signing secret, shown once (on create and rotation). */
function SecretShown({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useTranslation(['translation', 'webhooks']);
  return (
    <SecretOnce
      secret={secret}
      label={t('webhooks:secret')}
      className="webhook-secret"
      copyNow={t('webhooks:copyNow')}
      copiedText={t('webhooks:copiedText')}
      onClose={onClose}
    />
  );
}

function NewWebhook({ onSecret }: { onSecret: (s: string) => void }) {
  const { t } = useTranslation(['translation', 'webhooks']);
  const create = useCreateWebhook();
  const { form, errors, message, refused, accepted } = useSubmitErrors();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['shipment.created', 'shipment.status_changed']);

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      const made = await create.mutateAsync({
        url: url.trim(),
        events,
        ...(description.trim() ? { description: description.trim() } : {}),
      });
      onSecret(made.secret);
      setUrl('');
      setDescription('');
      accepted();
    } catch (err) {
      refused(err);
    }
  }

  return (
    <form ref={form} className="form-grid webhook-form" aria-label={t('webhooks:add')} onSubmit={submit} noValidate>
      <h3>{t('webhooks:add')}</h3>
      <Field
        label={t('webhooks:url')}
        path="/url"
        errors={errors}
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        placeholder="https://erp.example.com/hooks/station"
        hint={t('webhooks:urlHint')}
        type="url"
      />
      <Field
        label={t('webhooks:description')}
        path="/description"
        errors={errors}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <fieldset className="webhook-events">
        <legend>{t('webhooks:events')}</legend>
        {WEBHOOK_EVENTS.map((ev) => (
          <label key={ev} className="check">
            <input
              type="checkbox"
              checked={events.includes(ev)}
              onChange={(e) => setEvents(e.target.checked ? [...events, ev] : events.filter((x) => x !== ev))}
            />{' '}
            <span>
              {t(`webhooks:event.${eventKey(ev)}`)} <code>{ev}</code>
            </span>
          </label>
        ))}
        {errors['/events'] && <span className="error">{errors['/events']}</span>}
      </fieldset>
      <div className="actions start">
        <Button type="submit" kind="primary" busy={create.isPending} disabled={!url.trim() || events.length === 0}>
          {t('webhooks:add')}
        </Button>
      </div>
      {message && !Object.keys(errors).length && (
        <p className="error" role="alert">
          {message}
        </p>
      )}
    </form>
  );
}

function Deliveries({ hook }: { hook: Webhook }) {
  const { t, i18n } = useTranslation(['translation', 'webhooks']);
  const [page, setPage] = useState(1);
  const deliveries = useDeliveries(hook.id, page, hook.enabled);
  const retry = useRetryDelivery();
  const time = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }) : '—';
  const outcome = (d: WebhookDelivery) =>
    d.last_status !== null ? `HTTP ${d.last_status}` : (d.last_error ?? t('webhooks:notYet'));
  return (
    <div className="webhook-deliveries">
      <h4>{t('webhooks:deliveries')}</h4>
      <ErrorLine error={retry.error} />
      <QueryState query={deliveries} empty={(p) => p.data.length === 0}>
        {(result) => (
          <>
            <p className="hint">
              {t('webhooks:deliveriesTotal', { items: formatNumber(result.items, i18n.language) })}
            </p>
            <table aria-label={t('webhooks:deliveriesOf', { url: hook.url })}>
              <thead>
                <tr>
                  <th>{t('webhooks:event.title')}</th>
                  <th>{t('webhooks:state')}</th>
                  <th>{t('webhooks:attempts')}</th>
                  <th>{t('webhooks:last')}</th>
                  <th>{t('webhooks:next')}</th>
                  <ActionsHeader />
                </tr>
              </thead>
              <tbody>
                {result.data.map((d) => (
                  <tr key={d.id}>
                    <td>
                      <code>{d.type}</code>
                      <br />
                      <span className="hint">{time(d.created_at)}</span>
                    </td>
                    <td>
                      <span className={STATE_PILL[d.state]}>{t(`webhooks:states.${d.state}`)}</span>
                    </td>
                    <td>{d.attempts}</td>
                    <td title={d.last_error ?? undefined}>{d.attempts ? outcome(d) : '—'}</td>
                    {/* A stopped endpoint's messages wait for it, not for a time that may be long past, and a
                        retry would send nothing: they go with "Send again". */}
                    <td>{d.state === 'pending' && !hook.enabled ? t('webhooks:held') : time(d.next_attempt_at)}</td>
                    <td>
                      {(hook.enabled || d.state !== 'pending') && (
                        <Button
                          onClick={() => retry.mutate({ id: hook.id, delivery: d.id })}
                          aria-label={t('webhooks:retryOne', { type: d.type, id: d.id })}
                        >
                          {t('webhooks:retry')}
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager
              page={page}
              pages={result.pages}
              last={result.last}
              onPage={setPage}
              label={t('webhooks:deliveryPages', { url: hook.url })}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}

function WebhookItem({ hook, onSecret }: { hook: Webhook; onSecret: (s: string) => void }) {
  const { t, i18n } = useTranslation(['translation', 'webhooks']);
  const rotate = useRotateWebhook();
  const test = useTestWebhook();
  const remove = useDeleteWebhook();
  const enable = useEnableWebhook();
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState<'remove' | 'rotate' | null>(null);
  const failure = rotate.error ?? test.error ?? remove.error ?? enable.error;
  return (
    <li className="webhook">
      <div className="row">
        <div className="webhook-what">
          <strong className="mono">{hook.url}</strong>
          {hook.description && <span className="hint"> — {hook.description}</span>}
          <div className="hint">{hook.events.join(', ')}</div>
          {!hook.enabled && (
            <div className="pill tone-error">
              {hook.disabled_reason === 'gone' ? t('webhooks:gone') : t('webhooks:disabled')}
            </div>
          )}
          {hook.previous_secret_until && (
            <div className="hint">
              {t('webhooks:previousUntil', {
                when: new Date(hook.previous_secret_until).toLocaleString(i18n.language),
              })}
            </div>
          )}
        </div>
        <div className="actions">
          {!hook.enabled && (
            <Button
              onClick={() =>
                enable.mutate({
                  id: hook.id,
                  body: {
                    url: hook.url,
                    events: hook.events,
                    ...(hook.description ? { description: hook.description } : {}),
                    enabled: true,
                  },
                })
              }
            >
              {t('webhooks:enable')}
            </Button>
          )}
          <Button busy={test.isPending} onClick={() => test.mutate(hook.id, { onSuccess: () => setOpen(true) })}>
            {t('webhooks:test')}
          </Button>
          <Button aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? t('webhooks:hideDeliveries') : t('webhooks:showDeliveries')}
          </Button>
          <Button onClick={() => setConfirm('rotate')}>{t('webhooks:rotate')}</Button>
          <Button
            kind="danger"
            onClick={() => setConfirm('remove')}
            aria-label={t('webhooks:removeOne', { url: hook.url })}
          >
            {t('webhooks:remove')}
          </Button>
        </div>
      </div>
      <ErrorLine error={failure} />
      {open && <Deliveries hook={hook} />}
      <ConfirmDialog
        open={confirm === 'remove'}
        title={t('webhooks:removeTitle')}
        confirmLabel={t('webhooks:remove')}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          setConfirm(null);
          remove.mutate(hook.id);
        }}
      >
        <p>{t('webhooks:removeText', { url: hook.url })}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'rotate'}
        title={t('webhooks:rotateTitle')}
        confirmLabel={t('webhooks:rotate')}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          setConfirm(null);
          rotate.mutate(hook.id, { onSuccess: (r) => onSecret(r.secret) });
        }}
      >
        <p>{t('webhooks:rotateText')}</p>
      </ConfirmDialog>
    </li>
  );
}

/**
 * Settings → Webhooks: the account's endpoints (add, remove, rotate the secret, send a test event) and each one's
 * deliveries with their state, to retry. The secret is shown once, on adding and on rotation.
 */
export function WebhooksSection() {
  const { t } = useTranslation(['translation', 'webhooks']);
  const hooks = useWebhooks();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <section className="card webhooks" aria-label={t('webhooks:title')}>
      <h2>{t('webhooks:title')}</h2>
      <p className="hint">{t('webhooks:intro')}</p>
      {secret && <SecretShown secret={secret} onClose={() => setSecret(null)} />}
      <QueryState query={hooks}>
        {(list) =>
          list.length ? (
            <ul className="rows">
              {list.map((h) => (
                <WebhookItem key={h.id} hook={h} onSecret={setSecret} />
              ))}
            </ul>
          ) : (
            <p className="state state-empty">{t('webhooks:none')}</p>
          )
        }
      </QueryState>
      <NewWebhook onSecret={setSecret} />
    </section>
  );
}
