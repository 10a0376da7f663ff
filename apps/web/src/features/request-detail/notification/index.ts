export { NotificationSection } from './notification-section';
