import { z } from 'zod';
import { ACCOUNT_MESSAGES, DEMO_PREPARATION_TEXTS, LIMITS } from './account-texts.ts';

export {
  ACCOUNT_MESSAGES,
  DEMO_PREPARATION_TEXTS,
  LIMITS,
  MAINTENANCE_TEXTS,
  PRODUCT_NAME,
} from './account-texts.ts';

/**
 * Roles, as the Symfony convention the original used: every account has ROLE_USER,
 * the others add to it (docs/workflow.md "Who may do what").
 */
export const ROLES = {
  ROLE_USER: 'Utilisateur',
  ROLE_DEMANDEUR: 'Demandeur',
  ROLE_GUICHET: 'Guichet',
  ROLE_GESTIONNAIRE: 'Gestionnaire de voirie',
  ROLE_OPERATEUR: 'Opérateur',
  ROLE_SOUSTRAITANT: 'Sous-traitant',
  ROLE_INSTRUCTEUR: 'Instructeur',
  ROLE_ADMIN: 'Administrateur',
} as const;
export type Role = keyof typeof ROLES;
export const ROLE_CODES = Object.keys(ROLES) as Role[];
export const RoleSchema = z.enum(ROLE_CODES as [Role, ...Role[]]);

/** The data-protection notice shown in a modal at sign-up (docs/screens.md "Sign-in and registration"). */
export const DATA_PROTECTION_NOTICE = {
  title: 'Protection de vos données personnelles',
  paragraphs: [
    'Les informations recueillies sur ce portail sont enregistrées par la communauté de communes pour instruire vos demandes relatives au domaine public routier.',
    `Elles sont conservées au maximum ${LIMITS.dataRetentionYears} ans.`,
    "Vous disposez d'un droit d'accès, de rectification, d'effacement et d'opposition sur les données vous concernant, que vous pouvez exercer auprès de la communauté de communes.",
    `Si vous n'obtenez pas de réponse dans un délai de ${LIMITS.complaintDelayDays} jours, vous pouvez adresser une réclamation à la CNIL, l'autorité de contrôle des données personnelles.`,
  ],
} as const;

const email = z
  .string({ error: ACCOUNT_MESSAGES.required })
  .trim()
  .min(1, ACCOUNT_MESSAGES.required)
  .max(LIMITS.emailMax, ACCOUNT_MESSAGES.emailInvalid)
  .pipe(z.email(ACCOUNT_MESSAGES.emailInvalid))
  .transform((value) => value.toLowerCase());

/** A new password: long enough and of four kinds of characters. */
export const NewPasswordValueSchema = z
  .string({ error: ACCOUNT_MESSAGES.required })
  .min(1, ACCOUNT_MESSAGES.required)
  .max(LIMITS.passwordMax, ACCOUNT_MESSAGES.passwordTooLong)
  .refine(isStrongPassword, ACCOUNT_MESSAGES.passwordWeak);

/** True when the password meets the portal's rule (length and four kinds of characters). */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= LIMITS.passwordMin &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /\d/.test(password) &&
    /[^A-Za-z0-9]/.test(password)
  );
}

const withConfirmation = <T extends { password: string; passwordConfirm: string }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.password !== value.passwordConfirm) {
    ctx.addIssue({ code: 'custom', path: ['passwordConfirm'], message: ACCOUNT_MESSAGES.passwordMismatch });
  }
};

export const EmailSchema = email;

/** POST login (docs/api-accounts.md): the e-mail is sent as username. */
export const LoginSchema = z.strictObject({
  username: email,
  password: z
    .string({ error: ACCOUNT_MESSAGES.required })
    .min(1, ACCOUNT_MESSAGES.required)
    .max(LIMITS.passwordMax),
});
export type Login = z.infer<typeof LoginSchema>;

/** POST register: first name, last name and phone are sent empty (docs/validation.md "Registration"). */
export const RegisterSchema = z
  .strictObject({
    email,
    password: NewPasswordValueSchema,
    passwordConfirm: z.string({ error: ACCOUNT_MESSAGES.required }).max(LIMITS.passwordMax),
    firstName: z.string().max(LIMITS.nameMax).optional(),
    lastName: z.string().max(LIMITS.nameMax).optional(),
    phone: z.string().max(20).optional(),
  })
  .superRefine(withConfirmation);
export type Register = z.infer<typeof RegisterSchema>;

/** POST password: ask for a reset link. */
export const ForgotPasswordSchema = z.strictObject({ email });
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

/**
 * PUT user/{id}/password: honoured only with password and confirmation (docs/validation.md "Registration").
 * `token` is the reset link's token when the user is not signed in; without it the signed-in
 * owner gives `currentPassword`.
 */
export const SetPasswordSchema = z
  .strictObject({
    password: NewPasswordValueSchema,
    passwordConfirm: z.string({ error: ACCOUNT_MESSAGES.required }).max(LIMITS.passwordMax),
    token: z.string().max(200).optional(),
    currentPassword: z.string().max(LIMITS.passwordMax).optional(),
  })
  .superRefine(withConfirmation)
  .superRefine((value, ctx) => {
    if (!value.token && !value.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: ACCOUNT_MESSAGES.required });
    }
  });
export type SetPassword = z.infer<typeof SetPasswordSchema>;

const storedText = z.string().nullable();

/**
 * The connected user as the API returns it (docs/data-model.md "Entities"): with the whole
 * identity the account holds, which 'Je suis le demandeur' copies into the wizard's applicant
 * (docs/screens.md "Filing wizard").
 */
export const ConnectedUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: storedText,
  lastName: storedText,
  picture: storedText,
  roles: z.array(RoleSchema),
  nature: storedText,
  title: storedText,
  phone: storedText,
  phoneIndicative: storedText,
  isCorporation: z.boolean(),
  corporationName: storedText,
  corporationSiret: storedText,
  corporationAgentTitle: storedText,
  corporationAgent: storedText,
  /** « Fonction », printed under the signatory's name on the acts (docs/acts.md « Signatory »). */
  jobTitle: storedText,
  addressNum: storedText,
  addressExt: storedText,
  addressType: storedText,
  addressName: storedText,
  addressCity: storedText,
  addressPostalCode: storedText,
  /** Lieu-dit or PO box. */
  place: storedText,
  country: storedText,
});
export type ConnectedUser = z.infer<typeof ConnectedUserSchema>;

/** `POST login`: the session's token (also set as an httpOnly cookie) and the signed-in user. */
export const LoginAnswerSchema = z.object({ token: z.string(), user: ConnectedUserSchema });
export type LoginAnswer = z.infer<typeof LoginAnswerSchema>;

/** `GET password/{token}`: the account a live reset link is for (the new-password page shows its address). */
export const ResetTokenOwnerSchema = z.object({ id: z.number().int(), email: z.string() });
export type ResetTokenOwner = z.infer<typeof ResetTokenOwnerSchema>;

/** The demo data still being prepared (GET health, GET config): the share done, 0 to 1. */
export const DemoPreparationSchema = z.object({
  message: z.literal(DEMO_PREPARATION_TEXTS.message),
  progress: z.number().min(0).max(1),
});
export type DemoPreparation = z.infer<typeof DemoPreparationSchema>;

/** Public configuration the web app reads at start (`GET /api/config`). */
export const PublicConfigSchema = z.object({
  productName: z.string(),
  communityName: z.string(),
  hiddenAccountUserId: z.number().int().nullable(),
  demoMode: z.boolean(),
  demoGeography: z.boolean(),
  /** The server's upload limit in bytes (UPLOAD_MAX_BYTES); absent: the domain's MAX_UPLOAD_BYTES. */
  uploadMaxBytes: z.number().int().positive().optional(),
  /** Closed for maintenance (MAINTENANCE=1): every other call answers MAINTENANCE. */
  maintenance: z.boolean().optional(),
  /** The portal's version (the root package.json's), shown in the footer. */
  version: z.string().optional(),
  /** Present while a first start's demo data is being imported. */
  demoPreparation: DemoPreparationSchema.optional(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

/** True when the user holds the role (every account implicitly holds ROLE_USER). */
export function hasRole(user: { roles: readonly string[] } | null | undefined, role: Role): boolean {
  if (!user) return false;
  return role === 'ROLE_USER' || user.roles.includes(role);
}

/** Initials for the avatar when the user has no picture. */
export function initialsOf(user: {
  firstName: string | null;
  lastName: string | null;
  email: string;
}): string {
  const first = user.firstName?.trim()[0] ?? '';
  const last = user.lastName?.trim()[0] ?? '';
  const initials = `${first}${last}`.toUpperCase();
  return initials || (user.email[0] ?? '?').toUpperCase();
}
