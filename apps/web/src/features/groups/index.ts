export { GROUP_TITLES, isGroupType } from './model/group-types';
export type { GroupType } from './model/group-types';
