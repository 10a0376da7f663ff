import CableIcon from '@mui/icons-material/Cable';
import FenceIcon from '@mui/icons-material/Fence';
import StraightenIcon from '@mui/icons-material/Straighten';
import Tooltip from '@mui/material/Tooltip';
import {
  DataGrid,
  getGridNumericOperators,
  getGridSingleSelectOperators,
  getGridStringOperators,
  type GridColDef,
  type GridFilterModel,
  type GridPaginationModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import {
  formatDateFr,
  isPermissionWithAlignment,
  isRequestKind,
  PAGE_SIZES,
  REQUEST_SORT_FIELDS,
  requesterDisplayName,
  STATES,
  type RequestKind,
  type RequestSortField,
  type SearchState,
} from '@voirie/domain';
import { useMemo, useState, type ReactElement } from 'react';
import type { ListPagination } from '../api/requests-list-api';
import type { ListAction } from '../model/search-state';
import {
  apiFilterKey,
  depositDayOf,
  filterValueOf,
  gridFilterField,
  gridOperatorOf,
  instructorOptions,
  instructorValueOf,
} from '../model/column-filters';
import { columnFilterOf, dateRangeOf, type DateRangeColumn } from '../model/search-state';
import { DEADLINE_TEXTS } from '../model/deadline';
import type { RequestRow } from '../model/row-actions';
import { DateFilterHeader, DateFilterPopover } from './date-header-filter';
import { DeadlineCellContent } from './deadline-cell';
import { RowActionsCell, type RowActionHandlers } from './row-actions-cell';
import { StateCell } from './state-cell';

const KIND_ICONS: Record<RequestKind, ReactElement> = {
  1: <CableIcon fontSize="small" />,
  2: <StraightenIcon fontSize="small" />,
  3: <FenceIcon fontSize="small" />,
};

// The API filters these columns (docs/api-requests.md): id exact, state by id, text "contains".
const CONTAINS = getGridStringOperators().filter((operator) => operator.value === 'contains');
const EQUALS = getGridNumericOperators().filter((operator) => operator.value === '=');
const IS = getGridSingleSelectOperators().filter((operator) => operator.value === 'is');

/** Room for the row's four icon buttons (28 px each) and the cell's padding. */
const ACTIONS_WIDTH = 4 * 28 + 12;

/**
 * Narrow padding and headers on two lines ('Numéro affaire'): every column, Actions and
 * Échéance included, fits beside the sidebar at 1366 px without a horizontal scroll (narrower
 * N°, Type, Statut, Localisation, Demandeur, Numéro affaire and Ville made room for Échéance).
 */
const GRID_SX = {
  backgroundColor: 'background.paper',
  '& .MuiDataGrid-cell, & .MuiDataGrid-columnHeader': { px: 0.75 },
  '& .MuiDataGrid-columnHeaderTitle': { whiteSpace: 'normal', lineHeight: 1.25 },
} as const;

/** The date columns filtered on a range from their header (the Début range is also above the table). */
const DATE_FILTER_TITLES: Record<DateRangeColumn, string> = {
  depositDate: 'Filtrer la colonne Dépôt',
  dateStart: 'Filtrer la colonne Début',
};

const FRENCH_NUMBER = new Intl.NumberFormat('fr-FR');

/** The pager's text when the API capped the count: the total is a lower bound. */
function cappedDisplayedRows(cap: number) {
  return ({ from, to }: { from: number; to: number }) =>
    `${FRENCH_NUMBER.format(from)}–${FRENCH_NUMBER.format(to)} sur plus de ${FRENCH_NUMBER.format(cap)}`;
}

function countOf(pagination: ListPagination | undefined) {
  return { rowCount: pagination?.total ?? 0, isCapped: pagination?.capped === true };
}

function isSortField(field: string): field is RequestSortField {
  return (REQUEST_SORT_FIELDS as readonly string[]).includes(field);
}

function filterModelOf(search: SearchState): GridFilterModel {
  const filter = columnFilterOf(search.searchFilter);
  if (!filter) return { items: [] };
  const field = gridFilterField(filter.field);
  return { items: [{ id: 1, field, operator: gridOperatorOf(field), value: filter.value }] };
}

export interface RequestsGridProps extends RowActionHandlers {
  search: SearchState;
  page: number;
  rows: RequestRow[];
  pagination: ListPagination | undefined;
  isLoading: boolean;
  dispatch: (action: ListAction) => void;
  showInstructor: boolean;
  /** The « Échéance » column (instructors and admins: the domain's `seeDeadlines`). */
  showDeadline: boolean;
  showUpdateNotice: boolean;
  /** jsdom has no layout: tests render every row and column. */
  disableVirtualization?: boolean;
}

/** The request table in server mode: sort, filter and pages are the API's. */
export function RequestsGrid(props: RequestsGridProps) {
  const {
    search,
    dispatch,
    showInstructor,
    showDeadline,
    showUpdateNotice,
    onLocate,
    onCancel,
    onShowMails,
  } = props;
  const tab = search.searchFilter.tab;
  const [filterModel, setFilterModel] = useState<GridFilterModel>(() => filterModelOf(search));
  // Total kept between pages so the pager does not jump back while the next page loads; capped
  // when a text search matched more than the API counts: « 1–25 sur plus de 10 000 ».
  const [{ rowCount, isCapped }, setCount] = useState(() => countOf(props.pagination));
  if (props.pagination) {
    const next = countOf(props.pagination);
    if (next.rowCount !== rowCount || next.isCapped !== isCapped) setCount(next);
  }
  const localeText = useMemo(
    () => (isCapped ? { paginationDisplayedRows: cappedDisplayedRows(rowCount) } : undefined),
    [isCapped, rowCount],
  );

  const currentFilter = columnFilterOf(search.searchFilter);
  const currentInstructor =
    currentFilter?.field === 'instructeurId' && typeof currentFilter.value === 'number'
      ? currentFilter.value
      : null;
  const instructors = useMemo(
    () => instructorOptions(props.rows, currentInstructor),
    [props.rows, currentInstructor],
  );

  // The date range filters of the Dépôt and Début headers, in a popover (one open at a time).
  const [dateMenu, setDateMenu] = useState<{ column: DateRangeColumn; anchor: HTMLElement } | null>(null);
  const depositRange = dateRangeOf(search.searchFilter, 'depositDate');
  const startRange = dateRangeOf(search.searchFilter, 'dateStart');
  const depositFiltered = Boolean(depositRange.from ?? depositRange.to);
  const startFiltered = Boolean(startRange.from ?? startRange.to);
  const dateMenuColumn = dateMenu?.column ?? null;

  const columns = useMemo<GridColDef<RequestRow>[]>(() => {
    const dateHeader = (column: DateRangeColumn, title: string, active: boolean) => () => (
      <DateFilterHeader
        title={title}
        label={DATE_FILTER_TITLES[column]}
        active={active}
        open={dateMenuColumn === column}
        onOpen={(anchor) => setDateMenu({ column, anchor })}
      />
    );
    const all: (GridColDef<RequestRow> | false)[] = [
      { field: 'id', headerName: 'N°', type: 'number', width: 60, filterOperators: EQUALS },
      {
        field: 'type',
        headerName: 'Type',
        width: 64,
        filterable: false,
        renderCell: ({ row }) =>
          isRequestKind(row.type) ? (
            <Tooltip title={row.typeLabel}>
              <span role="img" aria-label={row.typeLabel} style={{ display: 'inline-flex' }}>
                {KIND_ICONS[row.type]}
                {/* A permission filed with its alignment request shows both kinds. */}
                {isPermissionWithAlignment({ type: row.type, alignmentId: row.alignementId }) &&
                  KIND_ICONS[2]}
              </span>
            </Tooltip>
          ) : null,
      },
      {
        field: 'stateId',
        headerName: 'Statut',
        type: 'singleSelect',
        minWidth: 92,
        flex: 1.2,
        valueOptions: STATES.map((state) => ({ value: state.id, label: state.name })),
        filterOperators: IS,
        renderCell: ({ row }) => <StateCell row={row} showUpdateNotice={showUpdateNotice} />,
      },
      showInstructor && {
        field: 'instructeur',
        headerName: 'Instructeur',
        type: 'singleSelect',
        width: 92,
        // Filtered by instructor id ('Inconnu': none), shown as initials.
        valueOptions: instructors,
        filterOperators: IS,
        valueGetter: (_value, row) => instructorValueOf(row),
        renderCell: ({ row }) => row.instructeurInitials,
      },
      {
        field: 'address',
        headerName: 'Localisation',
        minWidth: 84,
        flex: 1,
        filterOperators: CONTAINS,
        valueGetter: (_value, row) => row.location,
      },
      {
        field: 'demandeur',
        headerName: 'Demandeur',
        minWidth: 84,
        flex: 1,
        filterOperators: CONTAINS,
        valueGetter: (_value, row) => requesterDisplayName(row),
      },
      { field: 'numaffaire', headerName: 'Numéro affaire', width: 80, filterOperators: CONTAINS },
      { field: 'addressCity', headerName: 'Ville', minWidth: 76, flex: 0.6, filterOperators: CONTAINS },
      {
        field: 'depositDate',
        headerName: 'Dépôt',
        width: 96,
        // Filtered on a range from the header's button, not the grid's filter panel.
        filterable: false,
        renderHeader: dateHeader('depositDate', 'Dépôt', depositFiltered),
        valueFormatter: (value: string | null | undefined) => formatDateFr(depositDayOf(value)),
      },
      {
        field: 'dateStart',
        headerName: 'Début',
        width: 96,
        filterable: false,
        renderHeader: dateHeader('dateStart', 'Début', startFiltered),
        valueFormatter: (value: string | null | undefined) => formatDateFr(value),
      },
      showDeadline && {
        field: 'deadline',
        headerName: DEADLINE_TEXTS.column,
        width: 80,
        // Sorted by the API (requests without a running clock last); filtered by the quick
        // filters above the table.
        filterable: false,
        valueGetter: (_value, row) => row.deadlineOn,
        renderCell: ({ row }) => <DeadlineCellContent row={row} />,
      },
      {
        field: 'actions',
        headerName: 'Actions',
        width: ACTIONS_WIDTH,
        sortable: false,
        filterable: false,
        disableColumnMenu: true,
        renderCell: ({ row }) => (
          <RowActionsCell
            row={row}
            tab={tab}
            onLocate={onLocate}
            onCancel={onCancel}
            onShowMails={onShowMails}
          />
        ),
      },
    ];
    return all.filter((column): column is GridColDef<RequestRow> => column !== false);
  }, [
    showInstructor,
    showDeadline,
    showUpdateNotice,
    tab,
    onLocate,
    onCancel,
    onShowMails,
    instructors,
    dateMenuColumn,
    depositFiltered,
    startFiltered,
  ]);

  const sortModel: GridSortModel = [{ field: search.searchSort, sort: search.searchDir }];
  const paginationModel: GridPaginationModel = { page: props.page - 1, pageSize: search.numItemsPerPage };

  const menuRange = dateMenu
    ? dateRangeOf(search.searchFilter, dateMenu.column)
    : { from: undefined, to: undefined };
  return (
    <>
      <DataGrid<RequestRow>
        aria-label="Liste des demandes"
        rows={props.rows}
        columns={columns}
        loading={props.isLoading}
        rowCount={rowCount}
        localeText={localeText}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        pageSizeOptions={[...PAGE_SIZES]}
        paginationModel={paginationModel}
        onPaginationModelChange={(model) => {
          if (model.pageSize !== search.numItemsPerPage) {
            const pageSize = PAGE_SIZES.find((size) => size === model.pageSize);
            if (pageSize) dispatch({ type: 'setPageSize', pageSize });
          } else if (model.page + 1 !== props.page) {
            dispatch({ type: 'setPage', page: model.page + 1 });
          }
        }}
        sortModel={sortModel}
        onSortModelChange={(model) => {
          const [first] = model;
          if (first?.sort && isSortField(first.field))
            dispatch({ type: 'setSort', searchSort: first.field, searchDir: first.sort });
          else dispatch({ type: 'resetSort' });
        }}
        filterModel={filterModel}
        onFilterModelChange={(model) => {
          setFilterModel(model);
          const item = model.items.find(
            (candidate) => candidate.value !== undefined && candidate.value !== '',
          );
          const field = item ? apiFilterKey(item.field) : null;
          const value = item ? filterValueOf(item.field, item.value) : null;
          const current = currentFilter;
          const unchanged =
            (value === null && current === null) || (current?.field === field && current.value === value);
          if (!unchanged) dispatch({ type: 'setColumnFilter', field, value });
        }}
        disableRowSelectionOnClick
        disableVirtualization={props.disableVirtualization}
        columnHeaderHeight={60}
        sx={GRID_SX}
      />
      <DateFilterPopover
        title={dateMenu ? DATE_FILTER_TITLES[dateMenu.column] : ''}
        anchor={dateMenu?.anchor ?? null}
        from={menuRange.from}
        to={menuRange.to}
        onChange={(from, to) =>
          dateMenu && dispatch({ type: 'setDateRange', column: dateMenu.column, from, to })
        }
        onClose={() => setDateMenu(null)}
      />
    </>
  );
}
