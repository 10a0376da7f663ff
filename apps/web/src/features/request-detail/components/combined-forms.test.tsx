import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aUser } from '../../../test/fixtures';
import { aStoredRequest } from '../../../test/request-fixtures';
import { CombinedAlignment, TrafficOrderSummary } from './combined-forms';
import { ExtensionNotice } from './extension-notice';
import { definitionValue as valueOf } from '../../../test/definition-value';

// Several acts on the request page (docs/api-instruction.md "Acts"): a permission filed with its
// alignment request and its traffic-police order shows both, and says why its works may not be extended.

const ALIGNMENT = {
  id: 5,
  reasonRequest: 'Real cloture',
  autorisationUrba: 'oui' as const,
  typeDossier: 'PC',
  dosAutorisationUrba: 'PC 040 065 26 X0012',
  groundAlreadyRequested: 'non' as const,
};
const combined = aStoredRequest({
  stateId: 4,
  alignementId: 5,
  individualAlignmentRequest: ALIGNMENT,
  cerfa1402301: {
    id: 9,
    isAccessDevelopment: false,
    themes: 'ouvrage_divers',
    longitudinalTrenchUnderRoad: 25,
  },
  cerfa14024: {
    workDescription: 'Pose d’une conduite sous chaussée',
    directionTraffic: 'Fermeture à la circulation',
    limitedSpeed: 30,
    parkTruck: true,
    signageBy: 'entreprise',
    gestSignageCorporationName: 'Signa Sud',
  },
});

describe('a permission with its alignment and its 14024', () => {
  it('shows the alignment under its own heading', () => {
    render(<CombinedAlignment request={combined} />);
    const section = screen.getByRole('region', { name: 'Alignement' });
    expect(valueOf(section, "N° du dossier d'autorisation d'urbanisme")).toBe('PC 040 065 26 X0012');
    expect(valueOf(section, "Autorisation d'urbanisme")).toBe('Oui');
    expect(valueOf(section, 'Alignement déjà demandé pour ce terrain')).toBe('Non');
  });

  it('shows the traffic order as filed, with a link to its cerfa view', () => {
    render(<TrafficOrderSummary request={combined} />);
    const section = screen.getByRole('region', { name: 'Arrêté de police de la circulation (cerfa 14024)' });
    expect(valueOf(section, 'Description des travaux')).toBe('Pose d’une conduite sous chaussée');
    expect(valueOf(section, 'Fermeture à la circulation')).toBe('Oui');
    expect(valueOf(section, 'Vitesse limitée à (km/h)')).toBe('30');
    expect(valueOf(section, 'Interdiction de stationner')).toBe('Poids lourds');
    expect(valueOf(section, 'Dénomination')).toBe('Signa Sud');
    const link = within(section).getByRole('link', { name: /Voir le cerfa 14024 tel que déposé/ });
    expect(link.getAttribute('href')).toBe('/cerfa/14024/k3x9q');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('shows neither for a plain permission, nor the alignment section for an alignment request', () => {
    const { container } = render(
      <>
        <CombinedAlignment request={aStoredRequest()} />
        <TrafficOrderSummary request={aStoredRequest()} />
        <CombinedAlignment
          request={aStoredRequest({ type: 2, alignementId: 5, individualAlignmentRequest: ALIGNMENT })}
        />
      </>,
    );
    expect(container.textContent).toBe('');
  });

  it("says why 'Prolonger' is not offered, in the workflow's words, to whom could otherwise extend", () => {
    const owner = aUser({ id: combined.stdUserId ?? 12, roles: ['ROLE_DEMANDEUR'] });
    const { rerender } = render(<ExtensionNotice request={combined} user={owner} />);
    expect(screen.getByRole('alert').textContent).toBe(
      "Seule une permission de voirie sans demande d'alignement peut être prolongée.",
    );
    // Without the alignment, or before the works, nothing to explain.
    rerender(<ExtensionNotice request={{ ...combined, alignementId: null }} user={owner} />);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<ExtensionNotice request={{ ...combined, stateId: 3 }} user={owner} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
