export { connectedUserQueryOptions } from './api/session-api';
export { useLogout } from './hooks/use-logout';
export { validateLoginSearch } from './model/redirect-target';
export { ChangePasswordForm } from './components/change-password-form';
export { authPages } from './pages';
