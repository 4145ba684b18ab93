import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useExplain } from '../../api/errors';
import { saveToken } from '../../api/session-token';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/Field';
import { useChooseDeskAccount } from './mutations';
import { useDeskAccount } from './queries';

/**
 * The account the desk works in (its creates, imports and searches), and, for the desk's own credential (the
 * station's owner at the bench), choosing another. Once moved, the desk starts again in the new account (a browser
 * keeps the new credential for its tab).
 */
export function DeskAccountSection() {
  const { t } = useTranslation();
  const explain = useExplain();
  const desk = useDeskAccount();
  const choose = useChooseDeskAccount();
  const [picked, setPicked] = useState<number | null>(null);
  if (!desk.data) return null;
  const { account, accounts } = desk.data;
  const wanted = picked ?? account.id;
  return (
    <section className="card" aria-label={t('settings.deskAccount')}>
      <h2>{t('settings.deskAccount')}</h2>
      <p>{t('settings.deskAccountNow', { name: account.name })}</p>
      {desk.data.desk && (
        <>
          <div className="row">
            <SelectField
              label={t('settings.deskAccountChoose')}
              path="/account"
              errors={choose.error ? { '/account': explain(choose.error).message } : {}}
              value={wanted}
              onChange={(e) => setPicked(Number(e.target.value))}
            >
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </SelectField>
            <Button
              kind="primary"
              disabled={wanted === account.id}
              busy={choose.isPending}
              onClick={() =>
                choose.mutate(wanted, {
                  onSuccess: ({ token }) => {
                    if (!window.station) saveToken(token);
                    window.location.reload();
                  },
                })
              }
            >
              {t('settings.deskAccountMove')}
            </Button>
          </div>
          <p className="hint">{t('settings.deskAccountHint')}</p>
        </>
      )}
    </section>
  );
}
