import { type RefObject, useEffect, useRef } from 'react';

/** A `<dialog>` shown as a modal while `open` (focus kept inside, Escape closes), closed otherwise. */
export function useModal(open: boolean): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}
