import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { RequestDetail } from '@voirie/domain';
import { useId } from 'react';
import { PLACE_TEXTS } from '../model/works-details';

/** A titled list, or its empty text. */
function PlaceList({ title, items, empty }: { title: string; items: readonly string[]; empty: string }) {
  const id = useId();
  return (
    <div>
      <Typography id={id} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {items.length === 0 ? (
        <Typography>{empty}</Typography>
      ) : (
        <Box component="ul" aria-labelledby={id} sx={{ m: 0, pl: 3 }}>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </Box>
      )}
    </div>
  );
}

/**
 * Where the works are: the parcels as filed, read from the cadastre, and the
 * road segments within 30 m of the drawn footprint, as the server found them.
 */
export function RequestPlace({ request }: { request: Pick<RequestDetail, 'parcels' | 'roadSegments'> }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {PLACE_TEXTS.heading}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <PlaceList
          title={PLACE_TEXTS.parcels}
          items={(request.parcels ?? []).map(PLACE_TEXTS.parcel)}
          empty={PLACE_TEXTS.noParcel}
        />
        <PlaceList
          title={PLACE_TEXTS.roads}
          items={(request.roadSegments ?? []).map(PLACE_TEXTS.road)}
          empty={PLACE_TEXTS.noRoad}
        />
      </Box>
    </Box>
  );
}
