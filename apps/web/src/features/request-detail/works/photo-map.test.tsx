import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import type { MapViewProps } from '../../map';
import type { ActionTarget } from '../actions/use-request-action';
import { RequestMap } from '../components/request-map';
import { aDocument } from '../model/detail-fixtures';
import { aWorksRequest, renderWorksDialog } from './works-test-harness';

// The map's canvas is not testable in jsdom: the stand-in lists the features it is given and
// selects one as a click would, then shows its popup.
vi.mock('../../map/components/map-panel', () => ({
  default: ({ ariaLabel, features = [], selectedFeature, onFeatureSelect, featurePopup }: MapViewProps) => {
    const popup = selectedFeature ? featurePopup?.(selectedFeature.id) : null;
    return (
      <div role="region" aria-label={ariaLabel}>
        {features.map((feature) => (
          <button key={feature.id} type="button" onClick={() => onFeatureSelect?.(feature.id)}>
            {`Point ${String(feature.id)} : ${feature.geometry.type === 'Point' ? feature.geometry.coordinates.join(' ') : ''}`}
          </button>
        ))}
        {popup && <p role="status">{[popup.title, ...popup.lines].join(' | ')}</p>}
      </div>
    );
  },
}));

const MapHost = ({ target }: { target: ActionTarget }) => (
  <RequestMap shapes={target.request.theGeom} photos={target.request.receptionDocuments} />
);

describe("the request's map", { timeout: 30_000 }, () => {
  it('shows the located photos as points, with the warning of a photo taken far from the works', async () => {
    mockApi({});
    const photo = (id: number, typeDocumentId: number, distanceMetres: number) => ({
      ...aDocument(id, typeDocumentId, {
        typeName: typeDocumentId === 111 ? 'Photo de perturbation' : 'Photo',
        nature: 'réception',
      }),
      lat: 43.64,
      lon: -1.44,
      distanceMetres,
    });
    const { user } = renderWorksDialog(
      MapHost,
      aWorksRequest({
        stateId: 2,
        receptionDocuments: [
          photo(70, 104, 35),
          photo(71, 111, 480),
          aDocument(72, 103, { nature: 'réception' }),
        ],
      }),
    );
    const map = await screen.findByRole('region', { name: 'Carte de localisation de la demande' });
    const points = within(map).getAllByRole('button');
    expect(points.map((point) => point.textContent)).toEqual([
      'Point photo-70 : -1.44 43.64',
      'Point photo-71 : -1.44 43.64',
    ]);
    await user.click(points[1]!);
    expect(within(map).getByRole('status').textContent).toBe(
      'piece-71.pdf | Photo de perturbation | Photo prise à 480 m des travaux (plus de 200 m).',
    );
    await user.click(points[0]!);
    expect(within(map).getByRole('status').textContent).toBe('piece-70.pdf | Photo');
  });
});
