export { RequestTimeline } from './components/request-timeline';
export type { RequestTimelineProps } from './components/request-timeline';
export { EMPTY_HISTORY_TEXT } from './components/timeline-list';
export { entityHistoryQueryOptions } from './api/history-api';
