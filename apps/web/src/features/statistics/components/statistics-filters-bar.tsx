import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { NativeSelect } from '../../../ui/native-select';
import { kindOptions, TOWN_OPTIONS } from '../../../shared/filter-options';
import { isPeriodReversed, type StatisticsFilters } from '../model/statistics-filters';
import { STATISTICS_TEXTS as T } from '../model/statistics-texts';

const KIND_OPTIONS = kindOptions();

interface FiltersBarProps {
  filters: StatisticsFilters;
  onChange: (filters: StatisticsFilters) => void;
  onReset: () => void;
}

/** Period, kind and town; each change recomputes the figures. Native inputs: labelled, keyboard-friendly. */
export function StatisticsFiltersBar({ filters, onChange, onReset }: FiltersBarProps) {
  const reversed = isPeriodReversed(filters);
  const set = (patch: Partial<StatisticsFilters>) => onChange({ ...filters, ...patch });
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
      <NativeSelect
        id="statistics-kind"
        label={T.kind}
        value={filters.type}
        onChange={(type) => set({ type: type as StatisticsFilters['type'] })}
        allLabel={T.allKinds}
        options={KIND_OPTIONS}
        sx={{ minWidth: 240 }}
      />
      <NativeSelect
        id="statistics-town"
        label={T.town}
        value={filters.insee}
        onChange={(insee) => set({ insee })}
        allLabel={T.allTowns}
        options={TOWN_OPTIONS}
        sx={{ minWidth: 220 }}
      />
      <Button onClick={onReset} sx={{ alignSelf: { sm: 'center' } }}>
        {T.reset}
      </Button>
    </Stack>
  );
}
