import { useState } from 'react';

/**
 * What a row's dialog is about and whether it is open: the target stays set while the dialog
 * closes, so its title does not go blank during the closing transition.
 */
export function useDialogTarget<T>() {
  const [target, setTarget] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  return {
    target,
    open,
    show: (next: T) => {
      setTarget(next);
      setOpen(true);
    },
    close: () => setOpen(false),
  };
}
