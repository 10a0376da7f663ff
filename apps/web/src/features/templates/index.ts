export { templatesPages } from './pages';
