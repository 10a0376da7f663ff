import { queryOptions } from '@tanstack/react-query';
import type { CityItem, CityMails, Contact, ContactForm } from '@voirie/domain';
import { http } from '../../../api';

/** A member town as `GET cities` answers it (the spec's City plus its INSEE code): the API's response schema. */
export type { CityItem };

export const CITIES_KEY = ['cities'] as const;
export const CONTACTS_KEY = ['contacts'] as const;

/** GET cities: the member towns with their mayor's-office and municipal-police e-mails. */
export function citiesQueryOptions() {
  return queryOptions({
    queryKey: CITIES_KEY,
    queryFn: async () => (await http.get<CityItem[]>('cities', { overlay: false })).data,
  });
}

/** GET contacts (admins): the extra recipients, by town then e-mail. */
export function contactsQueryOptions() {
  return queryOptions({
    queryKey: CONTACTS_KEY,
    queryFn: async () => (await http.get<Contact[]>('contacts', { overlay: false })).data,
  });
}

/** PUT city/{id} {mailMairie, mailPM}: answers the town and the notice 'email modifié'. Silent: the dialog shows a refusal. */
export function updateCityMails(id: number, mails: CityMails) {
  return http.put<CityItem>(`city/${String(id)}`, mails, { silent: true });
}

/** POST contacts {email, commune}: answers the new contact. Silent: the dialog shows a refusal. */
export function addContact(form: ContactForm) {
  return http.post<Contact>('contacts', form, { silent: true });
}

/** DELETE contacts/{id}. Silent: the confirmation shows a refusal. */
export function deleteContact(id: number) {
  return http.delete<Contact>(`contacts/${String(id)}`, { silent: true });
}
