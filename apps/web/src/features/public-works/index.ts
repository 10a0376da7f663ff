export { publicWorksPages } from './pages';
