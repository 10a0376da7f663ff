import { LIMITS } from '@voirie/domain';

/** Said before the user types, so the rule is not discovered through an error (RGAA 11.10). */
export const PASSWORD_HINT = `Au moins ${LIMITS.passwordMin} caractères, dont une majuscule, une minuscule, un chiffre et un caractère spécial.`;
