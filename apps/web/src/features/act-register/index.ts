export { actRegisterPages } from './pages';
