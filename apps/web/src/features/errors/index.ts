export { errorsPages } from './pages';
