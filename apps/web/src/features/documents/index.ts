export { formatSize } from './model/library-texts';
export { documentsPages } from './pages';
