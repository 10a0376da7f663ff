import {
  userAbilities,
  type CapabilityUser,
  type PerimeterRequest,
  type UserDetail,
  type UserListItem,
  type UserPerimeterLink,
} from '@voirie/domain';
import { companyAndAddressOf, type UserWithRoles } from '../accounts/user-repository.ts';
import { perimeterIdsOf } from './user-queries.ts';

/** A user as `GET/PUT stduser/{id}` shows it: never the hash nor internal columns; the viewer's abilities. */
export function presentUserDetail(args: {
  user: UserWithRoles;
  links: readonly UserPerimeterLink[];
  pendingEmail: string | null;
  perimeterRequest: PerimeterRequest | null;
  viewer: CapabilityUser;
}): UserDetail {
  const { user } = args;
  return {
    id: user.id,
    publicId: user.publicId,
    isActive: user.isActive,
    nature: user.nature,
    title: user.title,
    lastName: user.lastName,
    firstName: user.firstName,
    email: user.email,
    pendingEmail: args.pendingEmail,
    phone: user.phone,
    phoneIndicative: user.phoneIndicative,
    picture: user.picture,
    roles: user.roles,
    user_confirm: user.emailValidatedAt !== null,
    ...companyAndAddressOf(user),
    jobTitle: user.jobTitle,
    ...perimeterIdsOf(args.links),
    perimeters: [...args.links],
    perimeterRequest: args.perimeterRequest,
    abilities: userAbilities(args.viewer, {
      ...user,
      hasPendingPerimeterRequest: args.perimeterRequest !== null,
    }),
  };
}

/** A row of the users list: its fields only, whatever else the row carries. */
export function presentUserListItem(row: UserListItem): UserListItem {
  return {
    id: row.id,
    publicId: row.publicId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    roles: row.roles,
    isActive: row.isActive,
    picture: row.picture,
    perimeterRequestPending: row.perimeterRequestPending,
  };
}
