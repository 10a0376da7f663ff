import type { CityMails } from '@voirie/domain';
import type { CityItem } from '../api/recipients-api';

/** The edit dialog's starting values: a missing e-mail is an empty field. */
export function cityMailsDefaults(city: CityItem | null): { mailMairie: string; mailPM: string } {
  return { mailMairie: city?.mailMairie ?? '', mailPM: city?.mailPM ?? '' };
}

/** What `PUT city/{id}` receives: both fields, trimmed ('' clears one on the server). */
export function cityMailsPayload(values: CityMails): { mailMairie: string; mailPM: string } {
  return { mailMairie: values.mailMairie?.trim() ?? '', mailPM: values.mailPM?.trim() ?? '' };
}
