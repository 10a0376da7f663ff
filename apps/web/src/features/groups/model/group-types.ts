import { GROUP_TYPES, type GroupType } from '@voirie/domain';

/**
 * `/groups/{type}`: operators or subcontractors (docs/api-groups.md "The screen"); the page titles
 * are the domain's labels.
 */
export const GROUP_TITLES = Object.fromEntries(
  GROUP_TYPES.map((option) => [option.value, option.label]),
) as Record<GroupType, string>;
export type { GroupType };
