/** `/groups/{type}`: operators or subcontractors (spec 2 §2.11). */
export const GROUP_TITLES = { operator: 'Opérateurs', soustraitant: 'Sous-traitants' } as const;
export type GroupType = keyof typeof GROUP_TITLES;

export function isGroupType(value: string): value is GroupType {
  return Object.hasOwn(GROUP_TITLES, value);
}
