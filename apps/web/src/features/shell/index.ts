export { publicConfigQueryOptions } from './api/config-api';
export { useFocusMainOnNavigation } from './hooks/use-focus-main-on-navigation';
export { usePublicConfig } from './hooks/use-public-config';
export { DemoPreparationNotice } from './components/demo-preparation-notice';
export { MainContent } from './components/main-content';
export { PublicLayout, PublicWideLayout } from './components/public-layout';
export { SkipLink } from './components/skip-link';
export { shellPages } from './pages';
