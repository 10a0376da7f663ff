export { legalRulesPages } from './pages';
