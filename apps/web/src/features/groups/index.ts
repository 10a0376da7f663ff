export { isGroupType } from './model/group-types';
