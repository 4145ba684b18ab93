import { lazy, Suspense, useEffect, useState } from 'react';
import { isTextField, SCAN_FIELD_ATTR } from '../operator/scanner';

const ShortcutSheetDialog = lazy(() => import('./ShortcutSheetDialog'));

/** `?` (or F1) shows every key of the desk, wherever the focus is but in a field being typed in. */
export function ShortcutSheet() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      const typing =
        isTextField(e.target) &&
        !((e.target as HTMLElement).hasAttribute(SCAN_FIELD_ATTR) && (e.target as HTMLInputElement).value === '');
      if (e.key === 'F1' || (e.key === '?' && !typing && !e.ctrlKey && !e.altKey)) {
        e.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, []);

  return open ? (
    <Suspense fallback={null}>
      <ShortcutSheetDialog onClose={() => setOpen(false)} />
    </Suspense>
  ) : null;
}
