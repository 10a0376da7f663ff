import { FORM_ERRORS_MESSAGE, VALIDATION_MESSAGES, type GeometryCollection } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import { addressFromBan } from './address-fields';
import { wizardReducer, type WizardAction } from './wizard-reducer';
import {
  errorsMessage,
  selectCanGoNext,
  selectFieldError,
  selectHasPrevious,
  selectRoadRefusal,
  validateLocation,
} from './wizard-selectors';
import { initialWizardState, type WizardState } from './wizard-state';
import { A_POLYGON } from '../../../test/request-fixtures';

const polygon: GeometryCollection = A_POLYGON;
const nothing: GeometryCollection = { type: 'GeometryCollection', geometries: [] };
const pinsAddress = addressFromBan({
  housenumber: '12',
  street: 'Rue des Pins',
  postcode: '40130',
  city: 'Capbreton',
  type: 'housenumber',
});

function run(state: WizardState, ...actions: WizardAction[]): WizardState {
  return actions.reduce(wizardReducer, state);
}

/** Kind 1 with a polygon drawn and the services' answers for it. */
function drawnWithRoad(typevoie: string | null, kind: 1 | 2 | 3 = 1): WizardState {
  const drawn = run(initialWizardState(kind), { type: 'shapesChanged', shapes: polygon });
  return run(
    drawn,
    {
      type: 'plotsLoaded',
      revision: drawn.revision,
      plots: ['40065000AB0012', '40065000AB0013'],
      sections: ['AB'],
    },
    { type: 'roadLoaded', revision: drawn.revision, typevoie, name: 'Rue des Pins' },
  );
}

describe('filing wizard, step 1 Localisation', () => {
  it('starts on step 1 with Suivant disabled and no Précédent', () => {
    const state = initialWizardState(1);
    expect(state.step).toBe(1);
    expect(selectCanGoNext(state)).toBe(false);
    expect(selectHasPrevious(state)).toBe(false);
  });

  it('asks the services after a drawing: plots and troncon for the shapes, zone at their centre', () => {
    const state = run(initialWizardState(1), { type: 'shapesChanged', shapes: polygon });
    expect(state.location.theGeom).toEqual(polygon);
    expect(state.location.lon).toBeCloseTo(-1.4295, 6);
    expect(state.location.lat).toBeCloseTo(43.6311, 6);
    expect(state.request).toEqual({
      revision: 1,
      geom: polygon,
      point: [state.location.lon, state.location.lat],
      dep: null,
      // Drawn without an address: the fields are filled from the address under the shapes.
      reverse: 'fill',
    });
    expect(state.road.status).toBe('loading');
    expect(selectCanGoNext(state)).toBe(false);
  });

  it('enables Suivant only once the road under the shape is of a type the community manages', () => {
    for (const accepted of [
      'Voie communale',
      'Voie departementale en agglomeration',
      'VPC ZA',
      'Voie Verte',
    ]) {
      const state = drawnWithRoad(accepted);
      expect(selectCanGoNext(state)).toBe(true);
      expect(selectRoadRefusal(state)).toBeNull();
      expect(state.location.wayType).toBe(accepted);
    }
    expect(drawnWithRoad('Voie departementale en agglomeration').location.inUrban).toBe(true);
    expect(drawnWithRoad('Voie communale').location.inUrban).toBe(false);
  });

  it('keeps Suivant disabled with the exact refusal when the way type is not managed', () => {
    const state = drawnWithRoad('Route departementale');
    expect(selectCanGoNext(state)).toBe(false);
    expect(selectRoadRefusal(state)).toBe(
      'Ce type de voie : "Route departementale" ne fait pas partie de la gestion de la communauté. Veuillez vérifier la localisation du chantier.',
    );
    expect(state.location.inUrban).toBeNull();
  });

  it("keeps Suivant disabled with 'Aucune voie trouvée' when troncon answers 0", () => {
    const state = drawnWithRoad(null);
    expect(selectCanGoNext(state)).toBe(false);
    expect(selectRoadRefusal(state)).toBe(
      'Aucune voie trouvée Veuillez vérifier la localisation du chantier.',
    );
  });

  it('fills parcels and sections comma-joined from POST plots', () => {
    const state = drawnWithRoad('Voie communale');
    expect(state.location.plotNumbers).toBe('40065000AB0012,40065000AB0013');
    expect(state.location.sections).toBe('AB');
  });

  it('ignores answers about an older drawing', () => {
    const first = run(initialWizardState(1), { type: 'shapesChanged', shapes: polygon });
    const second = run(first, { type: 'shapesChanged', shapes: polygon });
    const late = run(
      second,
      { type: 'roadLoaded', revision: first.revision, typevoie: 'Voie communale', name: null },
      { type: 'plotsLoaded', revision: first.revision, plots: ['40065000AB0012'], sections: ['AB'] },
    );
    expect(late.road.status).toBe('loading');
    expect(late.location.plotNumbers).toBe('');
    expect(selectCanGoNext(late)).toBe(false);
  });

  it('forgets the road and parcels when the shapes are deleted', () => {
    const state = run(drawnWithRoad('Voie communale'), { type: 'shapesChanged', shapes: nothing });
    expect(state.location.theGeom).toBeNull();
    expect(state.location.plotNumbers).toBe('');
    expect(state.location.wayType).toBeNull();
    expect(state.road.status).toBe('idle');
    expect(state.request?.geom).toBeNull();
    expect(selectCanGoNext(state)).toBe(false);
  });

  it('fills the address fields from the chosen address, places the point and centres the map', () => {
    const state = run(initialWizardState(1), {
      type: 'addressChosen',
      address: pinsAddress,
      lonLat: [-1.4295, 43.63112],
    });
    expect(state.location).toMatchObject({
      addressNum: '12',
      addressExt: '',
      addressType: 'Rue',
      addressName: 'des Pins',
      addressCity: 'Capbreton',
      addressPostalCode: '40130',
      lon: -1.4295,
      lat: 43.63112,
    });
    expect(state.mapFocus).toEqual({ lonLat: [-1.4295, 43.63112] });
    // The zone is asked at the address; nothing is drawn yet.
    expect(state.request).toMatchObject({ point: [-1.4295, 43.63112], geom: null, dep: '40', reverse: null });
    // A drawing afterwards keeps the address's point.
    const drawn = run(state, { type: 'shapesChanged', shapes: polygon });
    expect([drawn.location.lon, drawn.location.lat]).toEqual([-1.4295, 43.63112]);
    expect(drawn.request?.reverse).toBeNull();
  });

  it('replaces the address after the marker moved, and only fills empty fields after a drawing', () => {
    const moved = run(
      initialWizardState(1),
      { type: 'addressChosen', address: pinsAddress, lonLat: [-1.4295, 43.63112] },
      { type: 'markerMoved', lonLat: [-1.42695, 43.631] },
    );
    expect(moved.request?.reverse).toBe('replace');
    const replaced = run(moved, {
      type: 'addressFound',
      revision: moved.revision,
      address: addressFromBan({
        housenumber: '7',
        street: 'Avenue de la Plage',
        postcode: '40130',
        city: 'Capbreton',
      }),
      mode: 'replace',
    });
    expect(replaced.location).toMatchObject({
      addressNum: '7',
      addressType: 'Avenue',
      addressName: 'de la Plage',
    });

    const drawn = run(
      initialWizardState(1),
      { type: 'fieldChanged', field: 'addressName', value: 'du Port' },
      {
        type: 'shapesChanged',
        shapes: polygon,
      },
    );
    const filled = run(drawn, {
      type: 'addressFound',
      revision: drawn.revision,
      address: pinsAddress,
      mode: 'fill',
    });
    expect(filled.location).toMatchObject({
      addressName: 'du Port',
      addressType: 'Rue',
      addressCity: 'Capbreton',
    });
  });

  it("says '{city} ne fait pas partie de la communauté.' as soon as the locality is not a member town", () => {
    const state = run(initialWizardState(1), { type: 'fieldChanged', field: 'addressCity', value: 'Dax' });
    expect(selectFieldError(state, 'addressCity')).toBe('Dax ne fait pas partie de la communauté.');
    const member = run(state, { type: 'fieldChanged', field: 'addressCity', value: 'soorts hossegor' });
    expect(selectFieldError(member, 'addressCity')).toBeUndefined();
  });

  it('checks the step with the domain on Suivant: required fields, then moves to step 2', () => {
    const incomplete = run(drawnWithRoad('Voie communale'), { type: 'next' });
    expect(incomplete.step).toBe(1);
    expect(incomplete.errors).toMatchObject({
      addressType: VALIDATION_MESSAGES.required,
      addressName: VALIDATION_MESSAGES.required,
      addressCity: VALIDATION_MESSAGES.required,
    });
    expect(errorsMessage(incomplete.errors)).toBe(FORM_ERRORS_MESSAGE);

    const complete = run(
      drawnWithRoad('Voie communale'),
      ...Object.entries(pinsAddress).map(
        ([field, value]) => ({ type: 'fieldChanged', field, value }) as WizardAction,
      ),
      { type: 'next' },
    );
    expect(complete.errors).toEqual({});
    expect(complete.step).toBe(2);
    expect(selectHasPrevious(complete)).toBe(true);
    expect(run(complete, { type: 'previous' }).step).toBe(1);
  });

  it('requires a drawn footprint, with the exact message', () => {
    const errors = validateLocation({
      ...initialWizardState(1).location,
      ...pinsAddress,
      plotNumbers: 'x',
      wayType: 'Voie communale',
    });
    expect(errors.theGeom).toBe(
      "Merci de schématiser l'emprise des travaux avec la carte, sans quoi l'instruction ne pourra être réalisée",
    );
    expect(errorsMessage(errors)).toBe(errors.theGeom);
  });

  it('skips step 2 for an alignment request (kind 2)', () => {
    const state = run(
      drawnWithRoad('Voie communale', 2),
      ...Object.entries(pinsAddress).map(
        ([field, value]) => ({ type: 'fieldChanged', field, value }) as WizardAction,
      ),
      { type: 'next' },
    );
    expect(state.step).toBe(3);
    expect(run(state, { type: 'previous' }).step).toBe(1);
  });
});
