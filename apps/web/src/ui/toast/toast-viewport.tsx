import Alert from '@mui/material/Alert';
import Fade from '@mui/material/Fade';
import Portal from '@mui/material/Portal';
import Snackbar from '@mui/material/Snackbar';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToasts } from './toast-store';

/**
 * Keeps the toast in the accessibility tree. A dialog opened over another one hides the rest of
 * the page when it closes, the toast it just showed included (MUI's modal manager hands the page
 * back to the first dialog only): « Le cerfa 14024 a été enregistré. » was never announced.
 * A status message is announced whatever dialog is open (RGAA 7.5).
 */
function useStaysAnnounced() {
  const [node, setNode] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!node) return;
    const observer = new MutationObserver(() => {
      if (node.getAttribute('aria-hidden') === 'true') node.removeAttribute('aria-hidden');
    });
    observer.observe(node, { attributes: true, attributeFilter: ['aria-hidden'] });
    return () => observer.disconnect();
  }, [node]);
  return setNode;
}

/**
 * Shows queued toasts one at a time, each for its duration (docs/screens.md "Notices and errors",
 * docs/constants.md "Limits and timings").
 */
export function ToastViewport() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts);
  const current = toasts[0];
  const announced = useStaysAnnounced();
  if (!current) return null;
  const close = () => dismissToast(current.id);
  return (
    // Portalled: a toast shown while a dialog stays open (a letter generated in the reception
    // dialog) is put at the end of the body, after the dialog, and so out of the siblings MUI's
    // modal hid from assistive technology when it opened — its alert is announced. One per
    // toast: the next one is put at the end again.
    <Portal key={current.id}>
      <Snackbar
        ref={announced}
        open
        autoHideDuration={current.durationMs}
        anchorOrigin={{ vertical: 'bottom', horizontal: current.horizontal }}
        // Fade, already loaded for the overlay, instead of Snackbar's default Grow.
        slots={{ transition: Fade }}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') close();
        }}
      >
        {/* MUI's Alert has role="alert": inserted when the toast opens, it is announced at once. */}
        <Alert
          severity={current.severity}
          onClose={close}
          sx={{ width: '100%', boxShadow: 6, whiteSpace: 'pre-line' }}
        >
          {current.message}
        </Alert>
      </Snackbar>
    </Portal>
  );
}
