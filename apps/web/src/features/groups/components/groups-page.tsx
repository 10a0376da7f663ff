import { getRouteApi } from '@tanstack/react-router';
import { ComingSoonPage } from '../../../ui';
import { GROUP_TITLES, isGroupType } from '../model/group-types';

const groupsRoute = getRouteApi('/app/groups/$type');

export function GroupsPage() {
  const { type } = groupsRoute.useParams();
  return <ComingSoonPage title={isGroupType(type) ? GROUP_TITLES[type] : 'Groupes'} />;
}
