import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useModal } from './modal';

/**
 * Asks before something destructive (nothing routine asks). A modal <dialog>: Escape cancels, focus starts on
 * Cancel so that an Enter meant for something else does not confirm.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  /** What not confirming means, when "Cancel" would read as the action itself ("Keep the shipment"). */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const modal = useModal(open, onCancel);
  return (
    <dialog {...modal} className="confirm" aria-label={title} onCancel={onCancel}>
      <h2>{title}</h2>
      {children}
      <div className="actions">
        <button type="button" className="btn btn-plain" autoFocus onClick={onCancel}>
          {cancelLabel ?? t('common.cancel')}
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
