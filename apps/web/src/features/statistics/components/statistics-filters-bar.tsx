import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { REQUEST_KIND_FILTERS, TOWNS } from '@voirie/domain';
import { isPeriodReversed, type StatisticsFilters } from '../model/statistics-filters';
import { STATISTICS_TEXTS as T } from '../model/statistics-texts';

interface FiltersBarProps {
  filters: StatisticsFilters;
  onChange: (filters: StatisticsFilters) => void;
  onReset: () => void;
}

/** Period, kind and town; each change recomputes the figures. Native inputs: labelled, keyboard-friendly. */
export function StatisticsFiltersBar({ filters, onChange, onReset }: FiltersBarProps) {
  const reversed = isPeriodReversed(filters);
  const set = (patch: Partial<StatisticsFilters>) => onChange({ ...filters, ...patch });
  const native = { select: { native: true }, inputLabel: { shrink: true } } as const;
  return (
    <Stack
      component="form"
      role="search"
      aria-label={T.filters}
      onSubmit={(event) => event.preventDefault()}
      direction={{ xs: 'column', sm: 'row' }}
      sx={{ flexWrap: 'wrap', gap: 2, mb: 3, alignItems: { sm: 'flex-start' } }}
    >
      <TextField
        id="statistics-from"
        label={T.from}
        type="date"
        size="small"
        value={filters.from}
        onChange={(event) => set({ from: event.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        id="statistics-to"
        label={T.to}
        type="date"
        size="small"
        value={filters.to}
        onChange={(event) => set({ to: event.target.value })}
        error={reversed}
        helperText={reversed ? T.periodOrder : undefined}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        id="statistics-kind"
        select
        label={T.kind}
        size="small"
        value={filters.type}
        onChange={(event) => set({ type: event.target.value as StatisticsFilters['type'] })}
        slotProps={native}
        sx={{ minWidth: 240 }}
      >
        <option value="">{T.allKinds}</option>
        {REQUEST_KIND_FILTERS.map((kind) => (
          <option key={kind.value} value={String(kind.value)}>
            {kind.label}
          </option>
        ))}
      </TextField>
      <TextField
        id="statistics-town"
        select
        label={T.town}
        size="small"
        value={filters.insee}
        onChange={(event) => set({ insee: event.target.value })}
        slotProps={native}
        sx={{ minWidth: 220 }}
      >
        <option value="">{T.allTowns}</option>
        {TOWNS.map((town) => (
          <option key={town.inseeCode} value={town.inseeCode}>
            {town.name}
          </option>
        ))}
      </TextField>
      <Button onClick={onReset} sx={{ alignSelf: { sm: 'center' } }}>
        {T.reset}
      </Button>
    </Stack>
  );
}
