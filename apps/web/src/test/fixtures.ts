import type { ConnectedUser, PublicConfig } from '@voirie/domain';

/** Claire Dupont, whom the fixtures share: the signed-in user, her requests' applicant. */
export const CLAIRE = {
  nature: 'Particulier',
  title: 'Madame',
  lastName: 'Dupont',
  firstName: 'Claire',
  email: 'claire.dupont@example.fr',
} as const;

/** An address left blank, as the API sends it. */
export const NO_ADDRESS = {
  addressNum: null,
  addressExt: null,
  addressType: null,
  addressName: null,
  addressCity: null,
  addressPostalCode: null,
  place: null,
} as const;

/** 12 rue des Pins at Capbreton: Claire's address, and where her requests' works are. */
export const PINS_ADDRESS = {
  addressNum: '12',
  addressExt: null,
  addressType: 'Rue',
  addressName: 'des Pins',
  addressCity: 'Capbreton',
  addressPostalCode: '40130',
} as const;

export function aUser(overrides: Partial<ConnectedUser> = {}): ConnectedUser {
  return {
    id: 12,
    ...CLAIRE,
    picture: null,
    roles: ['ROLE_DEMANDEUR'],
    phone: null,
    phoneIndicative: null,
    isCorporation: false,
    corporationName: null,
    corporationSiret: null,
    corporationAgentTitle: null,
    corporationAgent: null,
    jobTitle: null,
    ...NO_ADDRESS,
    country: null,
    ...overrides,
  };
}

export function aConfig(overrides: Partial<PublicConfig> = {}): PublicConfig {
  return {
    productName: 'Portail voirie',
    communityName: 'Communauté de communes Maremne Adour Côte Sud',
    hiddenAccountUserId: 248,
    demoMode: true,
    demoGeography: true,
    ...overrides,
  };
}

export const ok = (data?: unknown, message = '') => ({ status: 200, body: { success: true, message, data } });
