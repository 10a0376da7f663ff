export { clearToasts, dismissToast, showToast } from './toast-store';
export type { Toast } from './toast-store';
export { ToastViewport } from './toast-viewport';
