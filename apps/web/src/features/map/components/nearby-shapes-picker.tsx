import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { GeometryCollection } from '@voirie/domain';
import { useId, useState } from 'react';
import { fetchParcels, fetchRoads, mapLayersQueryOptions } from '../api/map-api';
import { localLayerUrls } from '../model/layer-kind';
import { chosenShapes, NEARBY_RADIUS, nearbyParcels, nearbyRoads } from '../model/nearby';
import { bboxAround, type LonLat } from '../model/shapes';

export const NEARBY_TEXTS = {
  title: 'Sans dessiner : choisir une voie ou des parcelles proches de l’adresse',
  help: 'La voie et les parcelles cochées forment l’emprise des travaux, comme un dessin sur la carte.',
  roads: 'Voies à proximité',
  noRoadChoice: 'Aucune voie',
  parcels: 'Parcelles à proximité',
  loading: 'Recherche des voies et des parcelles proches…',
  noRoads: 'Aucune voie à proximité de l’adresse.',
  noParcels: 'Aucune parcelle à proximité de l’adresse.',
  failed: 'Les voies et parcelles proches n’ont pas pu être chargées.',
} as const;

export interface NearbyShapesPickerProps {
  /** The chosen address. Give the component a new `key` for a new address. */
  center: LonLat;
  /** Called with the chosen shapes after every choice (EPSG:4326). */
  onChange: (shapes: GeometryCollection) => void;
}

const NO_ROAD = '';

/**
 * The keyboard path that needs no drawing (RGAA): the road segments and parcels near the
 * address as radio buttons and checkboxes; the choice gives the shapes as if they were drawn.
 */
export function NearbyShapesPicker({ center, onChange }: NearbyShapesPickerProps) {
  const id = useId();
  const layers = useQuery(mapLayersQueryOptions());
  const urls = localLayerUrls(layers.data);
  const nearby = useQuery({
    queryKey: ['nearby-shapes', center[0], center[1], urls.roads, urls.parcels],
    queryFn: async ({ signal }) => {
      const [roads, parcels] = await Promise.all([
        fetchRoads(urls.roads, bboxAround(center, NEARBY_RADIUS.roads), signal),
        fetchParcels(urls.parcels, bboxAround(center, NEARBY_RADIUS.parcels), signal),
      ]);
      return { roads: nearbyRoads(center, roads), parcels: nearbyParcels(center, parcels) };
    },
    enabled: !layers.isPending,
    staleTime: 60_000,
  });
  const [roadId, setRoadId] = useState(NO_ROAD);
  const [parcelIds, setParcelIds] = useState<ReadonlySet<string>>(new Set());

  const roads = nearby.data?.roads ?? [];
  const parcels = nearby.data?.parcels ?? [];
  const choose = (nextRoadId: string, nextParcelIds: ReadonlySet<string>) => {
    setRoadId(nextRoadId);
    setParcelIds(nextParcelIds);
    onChange(
      chosenShapes(
        roads.find((road) => String(road.id) === nextRoadId),
        parcels.filter((parcel) => nextParcelIds.has(parcel.id)),
      ),
    );
  };

  return (
    <Box component="section" aria-labelledby={`${id}-title`} sx={{ display: 'grid', gap: 1 }}>
      <Typography component="h3" variant="subtitle1" id={`${id}-title`} sx={{ fontWeight: 700 }}>
        {NEARBY_TEXTS.title}
      </Typography>
      <Typography variant="body2">{NEARBY_TEXTS.help}</Typography>
      {nearby.isPending || layers.isPending ? (
        <Typography role="status">{NEARBY_TEXTS.loading}</Typography>
      ) : nearby.isError ? (
        <Typography role="alert">{NEARBY_TEXTS.failed}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <FormControl component="fieldset">
            <FormLabel component="legend" id={`${id}-roads`}>
              {NEARBY_TEXTS.roads}
            </FormLabel>
            {roads.length === 0 ? (
              <Typography variant="body2">{NEARBY_TEXTS.noRoads}</Typography>
            ) : (
              <RadioGroup
                aria-labelledby={`${id}-roads`}
                name={`${id}-road`}
                value={roadId}
                onChange={(event) => choose(event.target.value, parcelIds)}
              >
                <FormControlLabel
                  value={NO_ROAD}
                  control={<Radio size="small" />}
                  label={NEARBY_TEXTS.noRoadChoice}
                />
                {roads.map((road) => (
                  <FormControlLabel
                    key={road.id}
                    value={String(road.id)}
                    control={<Radio size="small" />}
                    label={road.label}
                  />
                ))}
              </RadioGroup>
            )}
          </FormControl>
          <FormControl component="fieldset">
            <FormLabel component="legend">{NEARBY_TEXTS.parcels}</FormLabel>
            {parcels.length === 0 ? (
              <Typography variant="body2">{NEARBY_TEXTS.noParcels}</Typography>
            ) : (
              <FormGroup>
                {parcels.map((parcel) => (
                  <FormControlLabel
                    key={parcel.id}
                    control={
                      <Checkbox
                        size="small"
                        checked={parcelIds.has(parcel.id)}
                        onChange={(event) => {
                          const next = new Set(parcelIds);
                          if (event.target.checked) next.add(parcel.id);
                          else next.delete(parcel.id);
                          choose(roadId, next);
                        }}
                      />
                    }
                    label={parcel.label}
                  />
                ))}
              </FormGroup>
            )}
          </FormControl>
        </Box>
      )}
    </Box>
  );
}
