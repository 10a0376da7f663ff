export { actNotificationPages } from './pages';
