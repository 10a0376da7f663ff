export { coordinationPages } from './pages';
