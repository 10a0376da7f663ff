import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { PUBLIC_WORKS_URLS, WORKS_STATUS_LABELS } from '@voirie/domain';
import { useCallback, useMemo, useRef, useState } from 'react';
import { RouterLink, usePageTitle } from '../../../ui';
import { NativeSelect } from '../../../ui/native-select';
import { MapView, type FeatureSelection, type MapFeatureId } from '../../map';
import { publicWorksQueryOptions } from '../api/public-works-api';
import { PUBLIC_WORKS_TEXTS as T } from '../model/public-works-texts';
import {
  filterPublicWorks,
  popupOfPublicWork,
  publicWorkMapFeatures,
  townsOf,
  type PublicWorksFilter,
} from '../model/public-works-view';
import { PublicWorksTable } from './public-works-table';

const STATUS_OPTIONS = (['en_cours', 'a_venir'] as const).map((status) => ({
  value: status,
  label: WORKS_STATUS_LABELS[status],
}));

/**
 * /travaux: the works under way or to come, for anyone, without signing in — a map
 * and the same works in a table (its text equivalent), filtered by town and period, with the open
 * data's downloads. The API publishes no personal data (the domain's presentPublicWork).
 */
export function PublicWorksPage() {
  usePageTitle(T.title);
  const { data, isPending, isError } = useQuery(publicWorksQueryOptions());
  const [filter, setFilter] = useState<PublicWorksFilter>({ town: '', status: '' });
  const [selection, setSelection] = useState<FeatureSelection | null>(null);
  const all = useMemo(() => data?.features ?? [], [data]);
  const works = useMemo(() => filterPublicWorks(all, filter), [all, filter]);
  const features = useMemo(() => publicWorkMapFeatures(works), [works]);
  const popup = useCallback((id: MapFeatureId) => popupOfPublicWork(works, id), [works]);
  const select = useCallback((id: MapFeatureId | null) => setSelection(id === null ? null : { id }), []);
  const mapRegion = useRef<HTMLDivElement>(null);
  const locate = (id: MapFeatureId) => {
    setSelection({ id, zoom: true });
    mapRegion.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  };

  return (
    <Stack sx={{ gap: 2 }}>
      <Typography variant="h4" component="h1">
        {T.title}
      </Typography>
      <Typography>{T.intro}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { xs: 1, sm: 3 }, flexWrap: 'wrap' }}>
        <RouterLink to="/travaux/donnees">{T.openData}</RouterLink>
        <Link href={PUBLIC_WORKS_URLS.geojson}>{T.downloadGeoJson}</Link>
        <Link href={PUBLIC_WORKS_URLS.csv}>{T.downloadCsv}</Link>
        <RouterLink to="/actes">{T.publishedActs}</RouterLink>
        <RouterLink to="/login">{T.signIn}</RouterLink>
      </Stack>
      <Stack
        component="form"
        role="search"
        aria-label={T.filters}
        onSubmit={(event) => event.preventDefault()}
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 2 }}
      >
        <NativeSelect
          id="public-works-town"
          label={T.town}
          value={filter.town}
          onChange={(town) => setFilter({ ...filter, town })}
          allLabel={T.allTowns}
          options={townsOf(all).map((town) => ({ value: town, label: town }))}
          sx={{ minWidth: 240 }}
        />
        <NativeSelect
          id="public-works-status"
          label={T.status}
          value={filter.status}
          onChange={(status) => setFilter({ ...filter, status: status as PublicWorksFilter['status'] })}
          allLabel={T.allStatuses}
          options={STATUS_OPTIONS}
          sx={{ minWidth: 200 }}
        />
      </Stack>
      {isError && <Alert severity="error">{T.failed}</Alert>}
      {isPending && <Typography role="status">{T.loading}</Typography>}
      {data && (
        <>
          <Typography component="p" variant="h6" role="status">
            {T.count(works.length)}
          </Typography>
          {data.tronque && <Alert severity="info">{T.truncated}</Alert>}
          <Box ref={mapRegion}>
            <MapView
              ariaLabel={T.map}
              publicLayers
              features={features}
              selectedFeature={selection}
              onFeatureSelect={select}
              featurePopup={popup}
              description={T.onMap(features.length)}
              height={440}
            />
          </Box>
          <PublicWorksTable works={works} onLocate={locate} />
        </>
      )}
    </Stack>
  );
}
