import { Themed } from '../themed';
import { ToastViewport } from './toast-viewport';

/** The toasts with the theme: loaded with the first toast (lazy-toast-viewport.tsx). */
export default function ThemedToastViewport() {
  return (
    <Themed>
      <ToastViewport />
    </Themed>
  );
}
