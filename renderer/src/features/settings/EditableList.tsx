import { Fragment, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useExplain } from '../../api/errors';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { QueryState } from '../../components/States';
import { useSubmitErrors } from '../../components/useSubmitErrors';

/**
 * A Settings section of things the account keeps (senders, presets): the list, add, edit in place, and delete
 * after a confirmation, with the service's refusal shown in words.
 */
export function EditableList<T extends { id: number }>({
  title,
  addLabel,
  query,
  item,
  actions,
  form,
  deleteTitle,
  remove,
}: {
  title: string;
  addLabel: string;
  query: { data: T[] | undefined; error: unknown; isPending: boolean; refetch: () => unknown };
  /** What a row says of its item. */
  item: (x: T) => ReactNode;
  /** Buttons of a row before Edit and Delete; `fail` shows a refusal. */
  actions?: (x: T, fail: (e: unknown) => void) => ReactNode;
  /** The add (null) or edit form; it calls `done` when saved or canceled. */
  form: (x: T | null, done: () => void) => ReactNode;
  deleteTitle: (x: T) => string;
  remove: (id: number, fail: (e: unknown) => void) => void;
}) {
  const { t } = useTranslation();
  const explain = useExplain();
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  return (
    <section className="card" aria-label={title}>
      <div className="row spread">
        <h2>{title}</h2>
        <Button onClick={() => setEditing('new')}>{addLabel}</Button>
      </div>
      {editing && (
        <Fragment key={editing === 'new' ? 'new' : editing.id}>
          {form(editing === 'new' ? null : editing, () => setEditing(null))}
        </Fragment>
      )}
      {error !== null && <p className="error">{explain(error).message}</p>}
      <QueryState query={query} empty={(d) => d.length === 0}>
        {(list) => (
          <ul className="rows" aria-label={title}>
            {list.map((x) => (
              <li key={x.id}>
                {item(x)}
                <span className="row">
                  {actions?.(x, setError)}
                  <Button onClick={() => setEditing(x)}>{t('common.edit')}</Button>
                  <Button kind="danger" onClick={() => setRemoving(x)}>
                    {t('common.delete')}
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <ConfirmDialog
        open={removing !== null}
        title={removing ? deleteTitle(removing) : ''}
        confirmLabel={t('common.delete')}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          remove(removing!.id, setError);
          setRemoving(null);
        }}
      />
    </section>
  );
}

/**
 * The add or edit form of an `EditableList`'s item: its fields (given the service's messages by pointer), Cancel
 * and Save. A refused save marks the fields the service named and puts the cursor in the first; a saved one closes.
 */
export function ItemForm({
  label,
  save,
  saving,
  onDone,
  children,
}: {
  label: string;
  save: () => Promise<unknown>;
  saving: boolean;
  onDone: () => void;
  children: (errors: Record<string, string>) => ReactNode;
}) {
  const { t } = useTranslation();
  const { form, errors, refused } = useSubmitErrors();

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      await save();
      onDone();
    } catch (err) {
      refused(err);
    }
  }

  return (
    <form ref={form} className="form-grid" aria-label={label} onSubmit={submit} noValidate>
      {children(errors)}
      <div className="actions">
        <Button onClick={onDone}>{t('common.cancel')}</Button>
        <Button type="submit" kind="primary" busy={saving}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
