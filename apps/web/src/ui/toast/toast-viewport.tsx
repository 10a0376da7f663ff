import Alert from '@mui/material/Alert';
import Fade from '@mui/material/Fade';
import Portal from '@mui/material/Portal';
import Snackbar from '@mui/material/Snackbar';
import { useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToasts } from './toast-store';

/** Shows queued toasts one at a time, each for its duration (spec 1 §8, spec 2 §9). */
export function ToastViewport() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts);
  const current = toasts[0];
  if (!current) return null;
  const close = () => dismissToast(current.id);
  return (
    // Portalled: a toast shown while a dialog stays open (a letter generated in the reception
    // dialog) is put at the end of the body, after the dialog, and so out of the siblings MUI's
    // modal hid from assistive technology when it opened — its alert is announced. One per
    // toast: the next one is put at the end again.
    <Portal key={current.id}>
      <Snackbar
        open
        autoHideDuration={current.durationMs}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
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
