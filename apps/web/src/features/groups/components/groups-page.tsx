import { getRouteApi } from '@tanstack/react-router';
import { isGroupType } from '../model/group-param';
import { GroupsScreen } from './groups-screen';

const groupsRoute = getRouteApi('/app/groups/$type');

/** The route /groups/{type} (operator or soustraitant; any other type is redirected to /404 by the router). */
export function GroupsPage() {
  const { type } = groupsRoute.useParams();
  return isGroupType(type) ? <GroupsScreen key={type} type={type} /> : null;
}
