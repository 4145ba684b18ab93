import { useEffect, useRef } from 'react';

/**
 * A <dialog> shown as a modal while `open` holds: the browser's own focus trap, Escape and backdrop. The element is
 * opened and closed to follow the prop (a <dialog> has no declarative modal state).
 */
export function useModal(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return ref;
}
