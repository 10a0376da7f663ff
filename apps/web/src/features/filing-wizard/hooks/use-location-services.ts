import { useEffect, type Dispatch } from 'react';
import { reverseAddress } from '../../map';
import { fetchCommuneAt, postPlots, postTroncon, postZone } from '../api/location-api';
import { addressFromBan } from '../model/address-fields';
import type { WizardAction } from '../model/wizard-reducer';
import type { ServiceRequest } from '../model/wizard-state';

/**
 * Runs the spatial calls the reducer asked for after a change of step 1 (docs/gis-api.md): POST plots
 * and POST troncon for the shapes, POST zone for the point, and the address under the point.
 * Each answer goes back to the reducer with its revision.
 */
export function useLocationServices(request: ServiceRequest | null, dispatch: Dispatch<WizardAction>): void {
  useEffect(() => {
    if (!request) return;
    const { revision, geom, point, dep, reverse } = request;
    if (geom) {
      postPlots({ dep, geom })
        .then((answer) =>
          dispatch({
            type: 'plotsLoaded',
            revision,
            plots: answer.plots,
            sections: answer.sections,
            nearby: answer.match === 'nearby',
          }),
        )
        .catch(() => dispatch({ type: 'serviceFailed', revision, service: 'plots' }));
      postTroncon({ geom })
        .then((segment) =>
          dispatch(
            segment === 0 || !segment
              ? { type: 'roadLoaded', revision, typevoie: null, name: null }
              : { type: 'roadLoaded', revision, typevoie: segment.typevoie, name: segment.nom },
          ),
        )
        .catch(() => dispatch({ type: 'serviceFailed', revision, service: 'road' }));
    }
    if (point) {
      postZone({ lon: point[0], lat: point[1] })
        .then((zone) => dispatch({ type: 'zoneLoaded', revision, operationCode: zone?.code_ope ?? null }))
        .catch(() => undefined);
    }
    if (point && reverse) {
      void findAddressAt(point).then((address) => {
        if (address) dispatch({ type: 'addressFound', revision, address, mode: reverse });
      });
    }
  }, [request, dispatch]);
}

/** The address under the point; else, at least the member town and its postal code. */
async function findAddressAt(point: readonly [number, number]) {
  try {
    const found = await reverseAddress(point);
    if (found) return addressFromBan(found.properties);
    const town = await fetchCommuneAt(point);
    return town ? { addressCity: town.name, addressPostalCode: town.postalCode } : null;
  } catch {
    return null;
  }
}
