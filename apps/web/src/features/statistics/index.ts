export { statisticsPages } from './pages';
