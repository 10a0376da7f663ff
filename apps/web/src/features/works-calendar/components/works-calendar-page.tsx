import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { canUser, formatDateFr } from '@voirie/domain';
import { useCallback, useMemo, useRef, useState } from 'react';
import { usePageTitle } from '../../../ui';
import { DatePickersProvider } from '../../../ui/date-pickers-provider';
import { connectedUserQueryOptions } from '../../auth';
import { MapView, type FeatureSelection, type MapFeatureId } from '../../map';
import { worksCalendarQueryOptions } from '../api/works-calendar-api';
import { calendarQuery, defaultCalendarFilters, type CalendarFilters } from '../model/calendar-filters';
import { calendarMapFeatures, popupOfItem, worksInForce } from '../model/calendar-map';
import { CALENDAR_TEXTS as T } from '../model/calendar-texts';
import { calendarWindow, todayIso } from '../model/calendar-window';
import { CalendarFiltersBar } from './calendar-filters-bar';
import { WorksTimeline } from './works-timeline';

/**
 * /chantiers, the sidebar's 'Calendrier des chantiers': the granted permissions' works
 * in force on a chosen day on the map, and all those of a window of weeks on a timeline by town
 * and road, filtered by town, kind, operator and text. Instructors, administrators and road
 * managers (the domain's readWorksCalendar); the API shows a road manager its perimeters' only.
 */
export function WorksCalendarPage() {
  usePageTitle(T.title);
  const { data: user } = useQuery(connectedUserQueryOptions());
  const allowed = canUser(user, 'readWorksCalendar');
  const [filters, setFilters] = useState<CalendarFilters>(() => defaultCalendarFilters(todayIso()));
  const query = calendarQuery(filters);
  const { data } = useQuery(worksCalendarQueryOptions(query, allowed));
  const [selection, setSelection] = useState<FeatureSelection | null>(null);
  const items = useMemo(() => data?.items ?? [], [data]);
  const inForce = useMemo(() => worksInForce(items, filters.day), [items, filters.day]);
  const features = useMemo(() => calendarMapFeatures(inForce), [inForce]);
  const popup = useCallback((id: MapFeatureId) => popupOfItem(inForce, id), [inForce]);
  const select = useCallback((id: MapFeatureId | null) => setSelection(id === null ? null : { id }), []);
  const mapRegion = useRef<HTMLDivElement>(null);
  const day = formatDateFr(filters.day);
  const window = calendarWindow(filters.day, filters.weeks);

  return (
    <DatePickersProvider>
      <Stack sx={{ gap: 2 }}>
        <Typography variant="h4" component="h1">
          {T.title}
        </Typography>
        {user && !allowed ? (
          <Alert severity="info">{T.forbidden}</Alert>
        ) : (
          <>
            <Typography>{T.intro}</Typography>
            <CalendarFiltersBar
              filters={filters}
              operators={data?.operators ?? []}
              onChange={(next) => {
                setSelection(null);
                setFilters(next);
              }}
              onReset={() => setFilters(defaultCalendarFilters(todayIso()))}
            />
            {data && (
              <>
                <Typography component="p" variant="h6" role="status">
                  {T.count(items.length, formatDateFr(window.from), formatDateFr(window.to))}
                </Typography>
                {data.truncated && <Alert severity="info">{T.truncated}</Alert>}
                <Box ref={mapRegion}>
                  <MapView
                    ariaLabel={T.map(day)}
                    features={features}
                    selectedFeature={selection}
                    onFeatureSelect={select}
                    featurePopup={popup}
                    description={T.onMap(features.length, day)}
                    height={400}
                  />
                </Box>
                <WorksTimeline
                  items={items}
                  window={window}
                  day={filters.day}
                  onLocate={(publicId) => {
                    setSelection({ id: publicId, zoom: true });
                    mapRegion.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
                  }}
                />
              </>
            )}
          </>
        )}
      </Stack>
    </DatePickersProvider>
  );
}
