import type { ConnectedUser, PublicConfig } from '@voirie/domain';

export function aUser(overrides: Partial<ConnectedUser> = {}): ConnectedUser {
  return {
    id: 12,
    email: 'claire.dupont@example.fr',
    firstName: 'Claire',
    lastName: 'Dupont',
    picture: null,
    roles: ['ROLE_DEMANDEUR'],
    nature: 'Particulier',
    title: 'Madame',
    phone: null,
    phoneIndicative: null,
    isCorporation: false,
    corporationName: null,
    corporationSiret: null,
    corporationAgentTitle: null,
    corporationAgent: null,
    addressNum: null,
    addressExt: null,
    addressType: null,
    addressName: null,
    addressCity: null,
    addressPostalCode: null,
    place: null,
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
