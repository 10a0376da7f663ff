import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  PERIMETER_SEARCH_MAX,
  type GroupForm,
  type Mandate,
  type MandateForm,
  type Perimeter,
} from '@voirie/domain';
import { http } from '../../../api';
import { searchPerimeters } from '../../../api/perimeter';
import { PERIMETER_SUGGESTIONS_KEY } from '../../../shared/use-perimeter-suggestions';
import type { GroupType } from '../model/group-types';

export type { PerimeterItem } from '../../../api/perimeter';

const GROUPS_KEY = ['groups'] as const;

/** After a group is saved or deleted: the groups' lists, and the autocompletes that offer groups. */
export function refreshGroups(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: GROUPS_KEY }),
    queryClient.invalidateQueries({ queryKey: PERIMETER_SUGGESTIONS_KEY }),
  ]);
}

/** GET perimeter?type={type}&q&limit: the groups of a type by name (the list of /groups/{type}). */
export function groupsQueryOptions(type: GroupType, q: string) {
  return queryOptions({
    queryKey: [...GROUPS_KEY, type, q],
    queryFn: () => searchPerimeters({ type, q, limit: PERIMETER_SEARCH_MAX }),
  });
}

/** GET perimeter/{id}: a group with its member territories (the edit form). */
export function groupQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...GROUPS_KEY, 'one', id],
    queryFn: async () => (await http.get<Perimeter>(`perimeter/${String(id)}`, { overlay: false })).data,
  });
}

/** POST perimeter with the form: the new group (201). Silent: the dialog shows a refusal. */
export function createGroup(form: GroupForm) {
  return http.post<Perimeter>('perimeter', form, { silent: true });
}

/** PUT perimeter/{id}: the group as saved. */
export function updateGroup(id: number, form: GroupForm) {
  return http.put<Perimeter>(`perimeter/${String(id)}`, form, { silent: true });
}

/** DELETE perimeter/{id}. */
export function deleteGroup(id: number) {
  return http.delete<Perimeter>(`perimeter/${String(id)}`, { silent: true });
}

/** GET perimeter/{id}/mandates: a subcontractor's mandates, newest first. */
export function mandatesQueryOptions(groupId: number) {
  return queryOptions({
    queryKey: [...GROUPS_KEY, 'mandates', groupId],
    queryFn: async () =>
      (await http.get<Mandate[]>(`perimeter/${String(groupId)}/mandates`, { overlay: false })).data,
  });
}

/** POST perimeter/{id}/mandates. */
export function addMandate(groupId: number, form: MandateForm) {
  return http.post<Mandate>(`perimeter/${String(groupId)}/mandates`, form, { silent: true });
}

/** DELETE perimeter/{id}/mandates/{mandateId}. */
export function deleteMandate(groupId: number, mandateId: number) {
  return http.delete<Mandate>(`perimeter/${String(groupId)}/mandates/${String(mandateId)}`, { silent: true });
}
