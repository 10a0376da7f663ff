export { textFieldProps } from './form-field-props';
export { PasswordField } from './password-field';
export { RouterButton, RouterLink } from './router-link';
export { TextInput } from './text-input';
export { clearToasts, showToast, ToastViewport } from './toast';
export { usePageTitle } from './use-page-title';
export { visuallyHidden } from './visually-hidden';
