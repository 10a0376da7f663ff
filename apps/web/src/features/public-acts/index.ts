export { publicActsPages } from './pages';
