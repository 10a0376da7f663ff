export { usersPages } from './pages';
