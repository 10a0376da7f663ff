import { z } from 'zod';
import { RoleSchema } from '../accounts.ts';
import { DEFAULT_USER_SORT } from '../lists.ts';
import { USER_PERIMETER_FIELD_NAMES } from '../user-admin.ts';
import { text } from './common.ts';
import { PerimeterKindSchema } from './perimeter.ts';
import { DatabaseIdSchema } from './ids.ts';
import { ListPaginationSchema } from './request-views.ts';
import { listQueryShape } from './search-state.ts';
import { UserSchema } from './user.ts';

/** Columns the users list may sort on (docs/screens.md "Users list"); `role` sorts by the label shown. */
export const USER_SORT_FIELDS = ['id', 'firstName', 'lastName', 'email', 'phone', 'role'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

/**
 * The users list's filter (`searchFilter`, sent as JSON): a role ('none': no role beyond
 * ROLE_USER), the disabled accounts instead of the active ones, and the accounts whose perimeter
 * request waits for an administrator.
 */
export const UserSearchFilterSchema = z.object({
  role: z.union([RoleSchema, z.literal('none')]).optional(),
  inactive: z.boolean().optional(),
  perimeterRequest: z.boolean().optional(),
});
export type UserSearchFilter = z.infer<typeof UserSearchFilterSchema>;

/** Query of `GET stduser` (docs/api-users.md): numbers come as text; last name ascending by default. */
export const UserListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  ...listQueryShape({
    sortFields: USER_SORT_FIELDS,
    defaultSort: DEFAULT_USER_SORT,
    filter: UserSearchFilterSchema,
  }),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

/** A row of the users list. */
export const UserListItemSchema = z.object({
  id: z.number().int(),
  /** The opaque id of the user's page (/users/{publicId}). */
  publicId: z.string(),
  firstName: text,
  lastName: text,
  email: z.string(),
  phone: text,
  roles: z.array(RoleSchema),
  isActive: z.boolean(),
  picture: text,
  /** A perimeter request of the account waits for an administrator. */
  perimeterRequestPending: z.boolean(),
});
export type UserListItem = z.infer<typeof UserListItemSchema>;

/** `GET stduser`: the envelope with the page's users and the pagination. */
export const UserListPageSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.array(UserListItemSchema),
  pagination: ListPaginationSchema,
});
export type UserListPage = z.infer<typeof UserListPageSchema>;

/** A perimeter linked to a user, with its name for the form's lists. */
export const UserPerimeterLinkSchema = z.object({
  id: z.number().int(),
  libelle: z.string(),
  type: PerimeterKindSchema,
  kind: z.enum(['guichet', 'gestionnaire', 'operateur', 'soustraitant']),
});
export type UserPerimeterLink = z.infer<typeof UserPerimeterLinkSchema>;

/** What the viewer may do with the user (user-admin.ts `userAbilities`). */
export const UserAbilitiesSchema = z.object({
  edit: z.boolean(),
  editRoles: z.boolean(),
  editPerimeters: z.boolean(),
  perimeterFields: z.array(z.enum(USER_PERIMETER_FIELD_NAMES)),
  askWiderPerimeters: z.boolean(),
  decidePerimeterRequest: z.boolean(),
  delete: z.boolean(),
  resendResetLink: z.boolean(),
});

/**
 * A « demande d'extension de périmètre » waiting for an administrator: the guichet
 * territories its account asked for, named, and when.
 */
export const PerimeterRequestSchema = z.object({
  id: z.number().int(),
  perimeters: z.array(UserPerimeterLinkSchema.omit({ kind: true })),
  requestedAt: z.string(),
});
export type PerimeterRequest = z.infer<typeof PerimeterRequestSchema>;

/** `POST stduser/{id}/perimeter-request`: an administrator's decision on the pending request. */
export const PerimeterRequestDecisionSchema = z.object({
  /** The request decided: a request replaced or decided meanwhile is a 409. */
  requestId: DatabaseIdSchema,
  decision: z.enum(['approve', 'refuse']),
});
export type PerimeterRequestDecision = z.infer<typeof PerimeterRequestDecisionSchema>;

/** `GET/PUT stduser/{id}`, `POST stduser`: the user, its perimeters named, and the viewer's abilities. */
export const UserDetailSchema = UserSchema.extend({
  publicId: z.string(),
  isActive: z.boolean(),
  /** A new address waiting for its confirmation from that mailbox. */
  pendingEmail: text,
  perimeters: z.array(UserPerimeterLinkSchema),
  /** The perimeter request waiting for an administrator, shown to the account and to administrators. */
  perimeterRequest: PerimeterRequestSchema.nullable(),
  abilities: UserAbilitiesSchema,
});
export type UserDetail = z.infer<typeof UserDetailSchema>;

/** `PUT user/confirm-email/{token}`: the address now in effect. */
export const EmailConfirmedSchema = z.object({ email: z.string() });
export type EmailConfirmed = z.infer<typeof EmailConfirmedSchema>;
