export { requestsListPages } from './pages';
