export { userQueryOptions } from './api/user-account-api';
export { UserAccountForm } from './components/user-account-form';
export { requestDay } from './model/user-form';
export { accountPages } from './pages';
