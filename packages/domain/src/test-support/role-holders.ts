/** One account per role beside ROLE_USER, as the tests of who may do what name them. */
export const ROLE_HOLDERS = {
  demandeur: { id: 2, roles: ['ROLE_USER', 'ROLE_DEMANDEUR'] },
  guichet: { id: 3, roles: ['ROLE_USER', 'ROLE_GUICHET'] },
  gestionnaire: { id: 4, roles: ['ROLE_USER', 'ROLE_GESTIONNAIRE'] },
  operateur: { id: 5, roles: ['ROLE_USER', 'ROLE_OPERATEUR'] },
  soustraitant: { id: 6, roles: ['ROLE_USER', 'ROLE_SOUSTRAITANT'] },
  instructeur: { id: 7, roles: ['ROLE_USER', 'ROLE_INSTRUCTEUR'] },
  admin: { id: 8, roles: ['ROLE_USER', 'ROLE_ADMIN'] },
} as const;
