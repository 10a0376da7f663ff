import {
  ACT_SIGNATORY_MESSAGES,
  parisDate,
  type PerimeterRequest,
  type Role,
  USER_PERIMETER_FIELD_NAMES,
  type UserAbilities,
  type UserDetail,
  type UserForm,
  type UserFormSchema,
  type UserPerimeterField,
} from '@voirie/domain';
import type { z } from 'zod';
import { ADDRESS_LABELS } from '../../../shared/address-labels';

/** The form's values as typed (before the domain's schema parses them). */
export type UserFormValues = z.input<typeof UserFormSchema>;

/**
 * Labels of the user form (docs/data-model.md "Entities", docs/validation.md "User form"); « Titre
 * » is the nature, as the spec names it.
 */
export const USER_FORM_LABELS = {
  identity: 'Identité',
  nature: 'Titre',
  title: 'Civilité',
  lastName: 'Nom',
  firstName: 'Prénom',
  jobTitle: ACT_SIGNATORY_MESSAGES.jobTitleLabel,
  jobTitleHint: 'Imprimée sous le nom du signataire des arrêtés',
  contact: 'Coordonnées',
  email: 'Adresse e-mail',
  phoneIndicative: 'Indicatif',
  phone: 'Téléphone',
  phoneHint: '10 chiffres',
  corporation: 'Personne morale',
  isCorporation: 'Personne morale (entreprise, administration…)',
  corporationName: 'Raison sociale',
  corporationSiret: 'N° SIRET',
  corporationAgentTitle: 'Civilité du représentant',
  corporationAgent: 'Nom du représentant',
  address: 'Adresse',
  ...ADDRESS_LABELS,
  country: 'Pays',
  roles: 'Rôles',
  perimeters: 'Périmètres',
  avatar: 'Photo',
  chooseAvatar: 'Choisir une photo',
  avatarHint: 'JPEG, BMP ou PNG',
  avatarProgress: 'Envoi de la photo',
  save: 'Enregistrer',
  create: 'Créer le compte',
  cancel: 'Annuler',
  none: 'Aucune',
  pendingEmail: (email: string) =>
    `Nouvelle adresse en attente de confirmation : ${email}. Elle sera prise en compte quand le lien envoyé à cette adresse aura été ouvert.`,
  readOnly: 'Consultation seule : seul un administrateur peut modifier ce compte.',
  disabled: 'Ce compte est désactivé.',
  widerPerimetersHint:
    "Retirer un périmètre s'applique aussitôt ; en ajouter un envoie une demande d'extension à un administrateur, vos périmètres actuels restant en vigueur jusqu'à sa décision.",
  perimeterRequestPending: (request: PerimeterRequest) =>
    `Demande d'extension de périmètre envoyée le ${requestDay(request)}, en attente de la décision d'un administrateur : ${request.perimeters.map((p) => p.libelle).join(', ')}.`,
} as const;

/** The day a request was sent, in Paris. */
export function requestDay(request: PerimeterRequest): string {
  return parisDate(request.requestedAt);
}

/** Each perimeter field: its legend and the perimeter types its autocomplete searches. */
export const PERIMETER_PICKERS: Record<
  UserPerimeterField,
  {
    legend: string;
    types: readonly ('department' | 'epci' | 'town' | 'operator' | 'soustraitant')[];
    role: Role;
  }
> = {
  guichetPerimeterIds: {
    legend: 'Périmètres du guichet',
    types: ['town', 'epci', 'department'],
    role: 'ROLE_GUICHET',
  },
  gestionnairePerimeterIds: {
    legend: 'Périmètres du gestionnaire de voirie',
    types: ['town', 'epci', 'department'],
    role: 'ROLE_GESTIONNAIRE',
  },
  operatorPerimeterIds: { legend: 'Opérateur', types: ['operator'], role: 'ROLE_OPERATEUR' },
  soustraitantPerimeterIds: { legend: 'Sous-traitant', types: ['soustraitant'], role: 'ROLE_SOUSTRAITANT' },
};

const text = (value: string | null | undefined) => value ?? '';

/** The form's starting values: the user's (empty strings for the blanks), or a blank form. */
export function userFormDefaults(user: UserDetail | null): UserFormValues {
  const perimeters = Object.fromEntries(
    USER_PERIMETER_FIELD_NAMES.map((field) => [field, [...(user?.[field] ?? [])]]),
  ) as Record<UserPerimeterField, number[]>;
  return {
    nature: (user?.nature ?? '') as UserFormValues['nature'],
    title: (user?.title ?? null) as UserFormValues['title'],
    lastName: text(user?.lastName),
    firstName: text(user?.firstName),
    jobTitle: text(user?.jobTitle),
    email: text(user?.email),
    phone: text(user?.phone),
    phoneIndicative: text(user?.phoneIndicative),
    roles: user ? [...user.roles] : ['ROLE_DEMANDEUR'],
    isCorporation: user?.isCorporation ?? false,
    corporationName: text(user?.corporationName),
    corporationSiret: text(user?.corporationSiret),
    corporationAgentTitle: text(user?.corporationAgentTitle),
    corporationAgent: text(user?.corporationAgent),
    addressNum: text(user?.addressNum),
    addressExt: text(user?.addressExt),
    addressType: text(user?.addressType),
    addressName: text(user?.addressName),
    addressCity: text(user?.addressCity),
    addressPostalCode: text(user?.addressPostalCode),
    place: text(user?.place),
    country: text(user?.country),
    ...perimeters,
  };
}

/**
 * What is sent: the parsed form, empty strings as null (docs/validation.md "Common rules"), never a
 * password; the roles and perimeter fields only where the API's abilities let the viewer write them (the
 * server takes a field sent as a field written, and refuses the others).
 */
export function userPayload(
  values: UserForm,
  abilities: Pick<UserAbilities, 'editRoles' | 'perimeterFields'>,
): UserForm {
  const payload: Partial<Record<keyof UserForm, unknown>> = {};
  for (const [key, value] of Object.entries(values)) {
    if (key === 'password' || key === 'password_confirm' || key === 'id') continue;
    if (key === 'roles' && !abilities.editRoles) continue;
    const field = key as UserPerimeterField;
    if (USER_PERIMETER_FIELD_NAMES.includes(field) && !abilities.perimeterFields.includes(field)) continue;
    payload[key as keyof UserForm] = value === '' ? null : value;
  }
  return payload as UserForm;
}
