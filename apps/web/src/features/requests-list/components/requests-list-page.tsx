import FileDownloadIcon from '@mui/icons-material/FileDownload';
import UnfoldLessIcon from '@mui/icons-material/UnfoldLess';
import VerticalSplitIcon from '@mui/icons-material/VerticalSplit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { canUser, isRequestKind, LIST_TABS, REQUEST_KIND_FILTERS } from '@voirie/domain';
import { lazy, Suspense, useCallback, useState, type ReactElement } from 'react';
import type { FeatureSelection } from '../../map';
import { usePageTitle, showToast } from '../../../ui';
import { connectedUserQueryOptions } from '../../auth';
import {
  cancelRequest,
  downloadExport,
  REQUEST_COUNTS_KEY,
  REQUESTS_LIST_KEY,
  requestCountsQueryOptions,
  requestPageQueryOptions,
} from '../api/requests-list-api';
import { useListState } from '../hooks/use-list-state';
import { useMapLayout } from '../hooks/use-map-layout';
import { useTilesRevision } from '../hooks/use-tiles-revision';
import { MAP_LAYOUT_TEXTS, MAP_LAYOUTS, type MapLayout } from '../model/map-layout';
import { locatedRequest } from '../model/map-popup';
import { detailId, type RequestRow } from '../model/row-actions';
import { CancelDialog } from './cancel-dialog';
import { DateRangeFilter } from './date-range-filter';
import { DeadlineFilterButtons } from './deadline-filter';
import { SearchForm } from '../../../shared/search-form';
import { ListLocaleProvider } from './list-locale-provider';
import { MailHistoryDialog } from './mail-history-dialog';
import { NewRequestMenu } from './new-request-menu';
import { RequestsGrid } from './requests-grid';
import { StatusTabs, TAB_ID_PREFIX, TAB_PANEL_ID } from './status-tabs';

// The map (and the map feature's modules) load after the list, in their own chunk.
const RequestsMapSlot = lazy(() => import('./requests-map-slot'));
const MAP_REGION_ID = 'requests-map';
const MAP_LAYOUT_ICONS: Record<MapLayout, ReactElement> = {
  folded: <UnfoldLessIcon fontSize="small" />,
  beside: <VerticalSplitIcon fontSize="small" />,
};

export const PAGE_TITLE = 'Localisation des demandes';
/** Notice after a cancel when the API gives none (docs/screens.md "Notices and errors"). */
const CANCELLED_NOTICE = 'Demande annulée';

/**
 * The request list (docs/screens.md "Request list"): status tabs, filters, table and row actions,
 * and the map — folded or beside the table, as this browser last chose.
 */
export function RequestsList(props: { disableVirtualization?: boolean; user: { roles: readonly string[] } }) {
  const { user } = props;
  const withTabs = canUser(user, 'seeStatusTabs');
  const isAdminListing = canUser(user, 'useAdminListing');
  const withDeadlines = canUser(user, 'seeDeadlines');
  const [state, dispatch] = useListState({ withTabs, withDeadlines });
  const { search, page } = state;
  const queryClient = useQueryClient();

  const listQuery = requestPageQueryOptions(search, page);
  const list = useQuery({ ...listQuery, placeholderData: keepPreviousData });
  const tilesRevision = useTilesRevision({
    queryKey: listQuery.queryKey,
    dataUpdatedAt: list.dataUpdatedAt,
    isPlaceholderData: list.isPlaceholderData,
  });
  const counts = useQuery(requestCountsQueryOptions(search, withTabs));

  const [mapLayout, setMapLayout] = useMapLayout();
  const isMapShown = mapLayout === 'beside';
  const [selection, setSelection] = useState<FeatureSelection | null>(null);
  const [toCancel, setToCancel] = useState<RequestRow | null>(null);
  const [mailsOf, setMailsOf] = useState<RequestRow | null>(null);

  const cancel = useMutation({
    mutationFn: (row: RequestRow) => cancelRequest(detailId(row)),
    onSuccess: async (message) => {
      setToCancel(null);
      showToast(message || CANCELLED_NOTICE, 'success');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: REQUESTS_LIST_KEY }),
        queryClient.invalidateQueries({ queryKey: REQUEST_COUNTS_KEY }),
      ]);
    },
    onError: () => setToCancel(null),
  });

  const pageFeatures = list.data?.features;
  const onLocate = useCallback(
    (row: RequestRow) => {
      // Locating needs the map: a folded map comes beside the table.
      setMapLayout('beside');
      // Onto the page's feature of the request (its tiles may not be loaded yet at that zoom).
      setSelection(locatedRequest(row, pageFeatures));
    },
    [setMapLayout, pageFeatures],
  );
  const onCancel = useCallback((row: RequestRow) => setToCancel(row), []);
  const onShowMails = useCallback((row: RequestRow) => setMailsOf(row), []);

  const tab = LIST_TABS.find((candidate) => candidate.id === search.searchFilter.tab)?.id;
  const grid = (
    <RequestsGrid
      search={search}
      page={page}
      rows={list.data?.rows ?? []}
      pagination={list.data?.pagination}
      isLoading={list.isFetching}
      dispatch={dispatch}
      showInstructor={canUser(user, 'seeInstructorColumn')}
      showDeadline={withDeadlines}
      showUpdateNotice={canUser(user, 'seeUpdateTooltip')}
      onLocate={onLocate}
      onCancel={onCancel}
      onShowMails={onShowMails}
      disableVirtualization={props.disableVirtualization}
    />
  );

  return (
    <ListLocaleProvider>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ flex: 1 }}>
          {PAGE_TITLE}
        </Typography>
        {/* Beside the title: the filters fit in two lines at 1366 px, the table starts higher. */}
        <Button
          variant="outlined"
          startIcon={<FileDownloadIcon />}
          onClick={() => void downloadExport(search, { admin: isAdminListing })}
        >
          Exporter
        </Button>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          aria-label={MAP_LAYOUT_TEXTS.group}
          value={mapLayout}
          onChange={(_event, layout: MapLayout | null) => {
            if (layout) setMapLayout(layout);
          }}
        >
          {MAP_LAYOUTS.map((layout) => (
            <ToggleButton key={layout} value={layout} sx={{ gap: 1 }}>
              {MAP_LAYOUT_ICONS[layout]}
              {MAP_LAYOUT_TEXTS[layout]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>

      <Box
        sx={
          isMapShown
            ? {
                display: 'grid',
                gap: 2,
                alignItems: 'start',
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(300px, 32%)' },
              }
            : undefined
        }
      >
        <Box sx={{ minWidth: 0 }}>
          <Paper variant="outlined" sx={{ p: 2, mb: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
              {canUser(user, 'createRequests') && <NewRequestMenu />}
              <ToggleButtonGroup
                exclusive
                size="small"
                color="primary"
                aria-label="Type de demande"
                value={search.type}
                onChange={(_event, kind: unknown) => {
                  if (isRequestKind(kind)) dispatch({ type: 'setKind', kind });
                }}
              >
                {REQUEST_KIND_FILTERS.map((kind) => (
                  <ToggleButton key={kind.value} value={kind.value}>
                    {kind.label}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
              {withDeadlines && (
                <DeadlineFilterButtons
                  value={search.searchFilter.deadline}
                  onChange={(deadline) => dispatch({ type: 'setDeadlineFilter', deadline })}
                />
              )}
            </Box>
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
              <SearchForm
                name="Recherche de demandes"
                value={search.searchText}
                onSearch={(searchText) => dispatch({ type: 'setSearchText', searchText })}
                onClear={() => dispatch({ type: 'clearSearch' })}
              />
              <DateRangeFilter
                from={search.searchFilter.dateStartFrom}
                to={search.searchFilter.dateStartTo}
                onChange={(from, to) => dispatch({ type: 'setDateRange', from, to })}
              />
            </Box>
          </Paper>

          {withTabs && tab !== undefined ? (
            <>
              <StatusTabs
                value={tab}
                counts={counts.data}
                onChange={(next) => dispatch({ type: 'setTab', tab: next })}
              />
              <Box
                role="tabpanel"
                id={TAB_PANEL_ID}
                aria-labelledby={`${TAB_ID_PREFIX}${tab}`}
                sx={{ height: 640 }}
              >
                {grid}
              </Box>
            </>
          ) : (
            <Box sx={{ height: 640 }}>{grid}</Box>
          )}
        </Box>
        {isMapShown && (
          // Beside the table from the md breakpoint (sticky while the table scrolls), above it on a phone.
          <Box sx={{ order: { xs: -1, md: 0 }, position: { md: 'sticky' }, top: { md: 80 }, minWidth: 0 }}>
            <Suspense fallback={<Typography id={MAP_REGION_ID}>Préparation de la carte…</Typography>}>
              <RequestsMapSlot
                search={search}
                pagination={list.data?.pagination}
                revision={tilesRevision}
                selection={selection}
                onSelect={setSelection}
              />
            </Suspense>
          </Box>
        )}
      </Box>

      <CancelDialog
        requestId={toCancel?.id ?? null}
        isPending={cancel.isPending}
        onConfirm={() => toCancel && cancel.mutate(toCancel)}
        onClose={() => setToCancel(null)}
      />
      <MailHistoryDialog
        request={mailsOf ? { id: mailsOf.id, key: detailId(mailsOf) } : null}
        onClose={() => setMailsOf(null)}
      />
    </ListLocaleProvider>
  );
}

export function RequestsListPage() {
  usePageTitle(PAGE_TITLE);
  const { data: user } = useQuery(connectedUserQueryOptions());
  if (!user) return null;
  return <RequestsList user={user} />;
}
