// Only what the router needs, without the domain (see group-param.ts).
export { isGroupType } from './model/group-param';
export { groupsPages } from './pages';
