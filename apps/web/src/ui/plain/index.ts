// Controls without MUI, for the pages that show before MUI is loaded (the sign-in page).
export { PlainPasswordField } from './plain-password-field';
export { PlainTextField } from './plain-text-field';
