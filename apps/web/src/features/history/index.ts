export { RequestTimeline } from './components/request-timeline';
export { entityHistoryQueryOptions } from './api/history-api';
export { historyPages } from './pages';
