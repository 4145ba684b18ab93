import { useLayoutEffect, useRef, type SyntheticEvent } from 'react';

/**
 * A <dialog> shown as a modal while `open` holds: the browser's own focus trap, Escape and backdrop. The element is
 * opened and closed to follow the prop (a <dialog> has no declarative modal state), in the commit itself: between
 * two tasks the element is open exactly when the prop says so. Spread the result on the <dialog>.
 *
 * `onDismiss` is called when the browser closes the dialog while it should be open (a close request, a form with
 * method="dialog"). A close event is a task of its own, queued by every close: the one of a dialog closed a moment
 * ago may arrive after it was shown again (Escape pressed at once after "Keep filling it in" on a loaded desk), and
 * taken as a dismissal it closed the dialog just asked for, so that Escape did nothing. A dialog open when its
 * close event arrives was not dismissed.
 */
export function useModal(open: boolean, onDismiss: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  const onClose = (e: SyntheticEvent<HTMLDialogElement>) => {
    if (open && !e.currentTarget.open) onDismiss();
  };
  return { ref, onClose };
}
