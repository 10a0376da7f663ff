export { invitationsPages } from './pages';
