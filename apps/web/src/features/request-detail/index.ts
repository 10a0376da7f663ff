export { CompletenessNotice } from './components/completeness-notice';
export { requestDetailPages } from './pages';
