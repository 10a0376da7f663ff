export { recipientsPages } from './pages';
