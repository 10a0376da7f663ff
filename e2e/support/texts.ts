/**
 * The texts the user reads, written out here on purpose: the journeys pin the wording the
 * spec fixes (docs/screens.md) and the domain's ACCOUNT_MESSAGES
 * (packages/domain/src/accounts.ts), so a change of wording shows up as a failing journey.
 */
export const PRODUCT_NAME = 'Portail voirie';

export const TEXTS = {
  loginSuccess: 'Connexion réussie !',
  loginFailure: 'Identifiant ou mot de passe erroné',
  emailNotValidated:
    "Votre adresse e-mail n'a pas encore été validée. Cliquez sur le lien reçu par e-mail lors de votre inscription pour activer votre compte.",
  passwordMismatch: 'Veuillez saisir le même mot de passe',
  registered:
    'Votre compte a été créé. Un lien de validation vient de vous être envoyé par e-mail : il est valable 48 heures.',
  resetSent:
    'Si un compte correspond à cette adresse, un lien de réinitialisation du mot de passe vient de vous être envoyé. Il est valable 1 heure.',
  linkNoLongerValid:
    "Ce lien n'est plus valide. Veuillez refaire une demande de récupération de mot de passe.",
  linkNoLongerValidShort: 'Lien plus valide',
  validationLinkInvalid:
    "Ce lien de validation n'est plus valide. Connectez-vous ou inscrivez-vous à nouveau pour recevoir un nouveau lien.",
  emailValidated: 'Votre adresse e-mail est validée. Vous pouvez maintenant vous connecter.',
  passwordChanged: 'Votre mot de passe a été modifié. Vous pouvez maintenant vous connecter.',
  sessionExpired: 'Session expirée',
  dataProtectionTitle: 'Protection de vos données personnelles',
} as const;

/** Sidebar entries (docs/screens.md "Sidebar"). */
export const SIDEBAR = {
  list: 'Demandes de voirie',
  /** The wizard's drafts, for accounts that may file. */
  drafts: 'Brouillons',
  adminEntries: [
    'Gestion des destinataires',
    'Gestion des utilisateurs',
    'Gestion des modèles',
    'Gestion des opérateurs',
    'Gestion des sous-traitants',
  ],
  logout: 'Se déconnecter',
} as const;

/** Demo accounts of the embedded mode (README). */
export const DEMO_PASSWORD = 'Demo-2026!';
export const DEMO = {
  admin: { email: 'admin@exemple.fr', firstName: 'Claire', lastName: 'Dubois' },
  demandeur: { email: 'demandeur@exemple.fr', firstName: 'Marie', lastName: 'Durand' },
} as const;

/** Meets the portal's rule: 10+ characters, upper and lower case, a digit, a special character. */
export const STRONG_PASSWORD = 'Chaussee-2026!';
export const OTHER_STRONG_PASSWORD = 'Trottoir-2027?';
