export { worksCalendarPages } from './pages';
