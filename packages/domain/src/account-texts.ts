// The account texts and limits, apart from the schemas: the sign-in page imports them alone
// (`@voirie/domain/account-texts`) without zod (sign-in page <= 150 KB of JavaScript).

/** Product name: the prefix of every page title and the sender name of mails. */
export const PRODUCT_NAME = 'Portail voirie';

/** Limits defined once (docs/constants.md "Limits and timings"). */
export const LIMITS = {
  phoneDigits: 10,
  emailMax: 180,
  passwordMin: 10,
  passwordMax: 128,
  nameMax: 100,
  /** An account's « Fonction », printed under the signatory's name on the acts (docs/acts.md « Signatory »). */
  jobTitleMax: 120,
  addressExtMax: 10,
  /** Validation link lifetime: 48 hours. */
  validationTokenHours: 48,
  /** Password reset link lifetime: 1 hour. */
  resetTokenHours: 1,
  dataRetentionYears: 3,
  complaintDelayDays: 30,
} as const;

/** The maintenance page (/maintenance, no sidebar), shown while the API answers MAINTENANCE. */
export const MAINTENANCE_TEXTS = {
  title: 'Maintenance',
  message: 'Le portail est en maintenance. Merci de réessayer dans quelques minutes.',
  retry: 'Réessayer',
  stillClosed: 'Le portail est toujours en maintenance.',
} as const;

/**
 * A first start's demo data, imported while the portal already answers (docs/operations.md
 * « Premier démarrage »): the health check and every screen say so, with a progress bar.
 */
export const DEMO_PREPARATION_TEXTS = {
  message: 'Données de démonstration en cours de préparation',
  progressLabel: 'Préparation des données de démonstration',
} as const;

/** Texts shown to users about accounts; the spec's own words where it gives them. */
export const ACCOUNT_MESSAGES = {
  required: 'Ce champ est obligatoire',
  emailInvalid: 'Veuillez saisir une adresse e-mail valide',
  passwordMismatch: 'Veuillez saisir le même mot de passe',
  passwordWeak: `Le mot de passe doit contenir au moins ${LIMITS.passwordMin} caractères, dont une majuscule, une minuscule, un chiffre et un caractère spécial`,
  passwordTooLong: `Le mot de passe ne peut pas dépasser ${LIMITS.passwordMax} caractères`,
  loginSuccess: 'Connexion réussie !',
  loginFailure: 'Identifiant ou mot de passe erroné',
  /** Another 401 while on the sign-in page (the spec's capitals, docs/screens.md "Notices and errors"). */
  loginUnauthorized: 'Identifiant ou Mot de Passe erroné',
  emailNotValidated:
    "Votre adresse e-mail n'a pas encore été validée. Cliquez sur le lien reçu par e-mail lors de votre inscription pour activer votre compte.",
  accountDisabled: 'Votre compte est désactivé. Contactez la communauté de communes.',
  tooManyAttempts: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.',
  registered:
    'Votre compte a été créé. Un lien de validation vient de vous être envoyé par e-mail : il est valable 48 heures.',
  resetSent:
    'Si un compte correspond à cette adresse, un lien de réinitialisation du mot de passe vient de vous être envoyé. Il est valable 1 heure.',
  resetConfirm: 'Voulez vous vraiment renvoyer un lien de réinitialisation de mot de passe ?',
  linkNoLongerValid:
    "Ce lien n'est plus valide. Veuillez refaire une demande de récupération de mot de passe.",
  linkNoLongerValidShort: 'Lien plus valide',
  validationLinkInvalid:
    "Ce lien de validation n'est plus valide. Connectez-vous ou inscrivez-vous à nouveau pour recevoir un nouveau lien.",
  emailValidated: 'Votre adresse e-mail est validée. Vous pouvez maintenant vous connecter.',
  passwordChanged: 'Votre mot de passe a été modifié. Vous pouvez maintenant vous connecter.',
  /** A signed-in user changed the password: still signed in here, signed out everywhere else. */
  passwordUpdated: 'Votre mot de passe a été modifié. Vos autres sessions sont fermées.',
  currentPasswordWrong: 'Le mot de passe actuel est incorrect.',
  loggedOut: 'Vous êtes déconnecté.',
  sessionExpired: 'Session expirée',
  logoutFailure: 'Erreur de deconnexion',
  noToken: 'Echec de la connexion : ',
  userFetchFailure: "Echec de la récupération de l'utilisateur : ",
} as const;
