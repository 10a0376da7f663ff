import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo, type Dispatch } from 'react';
import { AddressSearch, drawKindsFor, MapView, NearbyShapesPicker, type AddressFeature } from '../../map';
import { addressFromBan } from '../model/address-fields';
import type { WizardAction } from '../model/wizard-reducer';
import { selectGeometryError, selectRoadRefusal, selectRoadVerdict } from '../model/wizard-selectors';
import type { LonLat, WizardState } from '../model/wizard-state';
import { AddressFields, ServiceFields } from './location-fields';
import { ProjectBlock, SecondaryAddresses } from './location-extras';
import { OperatorSelect } from './operator-select';

export const LOCATION_TEXTS = {
  mapLabel: 'Carte de localisation des travaux',
  drawHelp:
    "Dessinez l'emprise des travaux avec les outils de la carte : les parcelles concernées sont retrouvées automatiquement.",
  markerHelp:
    "Le marqueur indique l'adresse des travaux : vous pouvez le déplacer sur la carte pour la préciser.",
  keyboardHelp:
    'Sans dessiner : choisissez une adresse, puis cochez sous la carte la voie ou les parcelles concernées.',
  roadAccepted: (type: string) => `Voie gérée par la communauté : ${type}.`,
} as const;

/**
 * On a phone the attributions, always shown, take several lines of the map: a taller map keeps
 * room to draw.
 */
const PHONE_MAP_HEIGHT = 560;

interface LocationStepProps {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  /** Users with a role other than ROLE_USER choose an operator (docs/workflow.md "Who may do what"). */
  showOperator: boolean;
}

/**
 * Step 1 Localisation (docs/screens.md "Filing wizard"): address search, map, services' answers,
 * main address.
 */
export function LocationStep({ state, dispatch, showOperator }: LocationStepProps) {
  const { location } = state;
  const { lon, lat } = location;
  // One array per point: the map moves its marker only when the point changes.
  const marker = useMemo<LonLat | null>(() => (lon !== null && lat !== null ? [lon, lat] : null), [lon, lat]);
  const verdict = selectRoadVerdict(state);
  const refusal = selectRoadRefusal(state);
  const geometryError = selectGeometryError(state);
  // The lists of the keyboard path follow the chosen address (or the marker moved from it).
  const addressPoint = state.pointSource === 'address' ? marker : null;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });

  const chooseAddress = (address: AddressFeature) => {
    const [lon = 0, lat = 0] = address.geometry.coordinates;
    dispatch({ type: 'addressChosen', address: addressFromBan(address.properties), lonLat: [lon, lat] });
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <AddressSearch id="location-address-search" onSelect={chooseAddress} />
      <Alert severity="info" sx={{ '& p': { m: 0 } }}>
        <p>{LOCATION_TEXTS.drawHelp}</p>
        <p>{LOCATION_TEXTS.markerHelp}</p>
        <p>{LOCATION_TEXTS.keyboardHelp}</p>
      </Alert>
      <MapView
        ariaLabel={LOCATION_TEXTS.mapLabel}
        // Editing a request offers the three tools (docs/screens.md "Map").
        drawKinds={drawKindsFor(state.mode === 'update' ? 'edit' : state.kind)}
        shapes={location.theGeom}
        onShapesChange={(shapes) => dispatch({ type: 'shapesChanged', shapes })}
        marker={marker}
        onMarkerMove={(lonLat) => dispatch({ type: 'markerMoved', lonLat })}
        focus={state.mapFocus}
        height={phone ? PHONE_MAP_HEIGHT : undefined}
      />
      {addressPoint && (
        <NearbyShapesPicker
          key={addressPoint.join(',')}
          center={addressPoint}
          onChange={(shapes) => dispatch({ type: 'shapesChanged', shapes })}
        />
      )}
      {geometryError && (
        <Alert severity="error" role="alert">
          {geometryError}
        </Alert>
      )}
      {refusal && (
        <Alert severity="error" role="alert">
          {refusal}
        </Alert>
      )}
      {verdict?.ok && (
        <Alert severity="success" role="status">
          {LOCATION_TEXTS.roadAccepted(verdict.wayType)}
        </Alert>
      )}
      <ServiceFields state={state} dispatch={dispatch} />
      <AddressFields state={state} dispatch={dispatch} />
      <SecondaryAddresses state={state} dispatch={dispatch} />
      <ProjectBlock state={state} dispatch={dispatch} />
      {showOperator && <OperatorSelect state={state} dispatch={dispatch} />}
      <Typography variant="body2" color="text.secondary">
        Les champs marqués d&apos;un astérisque (*) sont obligatoires.
      </Typography>
    </Box>
  );
}
