export { RecipientsPage } from './components/recipients-page';
export { RECIPIENTS_TEXTS } from './model/recipients-texts';
