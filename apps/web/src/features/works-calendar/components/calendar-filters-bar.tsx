import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import {
  REQUEST_KIND_FILTERS,
  WORKS_CALENDAR_TEXT_MAX,
  WORKS_CALENDAR_WEEKS,
  isPermissionKind,
  type WorksCalendar,
  type WorksCalendarWeeks,
} from '@voirie/domain';
import dayjs from 'dayjs';
import { useState } from 'react';
import { NativeSelect } from '../../../ui/native-select';
import { kindOptions, TOWN_OPTIONS } from '../../../shared/filter-options';
import type { CalendarFilters } from '../model/calendar-filters';
import { CALENDAR_TEXTS as T } from '../model/calendar-texts';

interface CalendarFiltersBarProps {
  filters: CalendarFilters;
  operators: WorksCalendar['operators'];
  onChange: (filters: CalendarFilters) => void;
  onReset: () => void;
}

const DATE_FORMAT = 'DD/MM/YYYY';
const KIND_OPTIONS = kindOptions(REQUEST_KIND_FILTERS.filter((kind) => isPermissionKind(kind.value)));

/**
 * The day (French date picker, typed DD/MM/YYYY or picked, weeks from Monday), the timeline's
 * length, the town, kind and operator (applied at once), and the text (applied on Enter or the
 * button: one call per search, not per key).
 */
export function CalendarFiltersBar({ filters, operators, onChange, onReset }: CalendarFiltersBarProps) {
  const [text, setText] = useState(filters.q);
  const set = (patch: Partial<CalendarFilters>) => onChange({ ...filters, ...patch });
  return (
    <Stack
      component="form"
      role="search"
      aria-label={T.filters}
      onSubmit={(event) => {
        event.preventDefault();
        set({ q: text });
      }}
      direction={{ xs: 'column', md: 'row' }}
      sx={{ flexWrap: 'wrap', gap: 2, alignItems: { md: 'flex-start' } }}
    >
      <DatePicker
        label={T.day}
        format={DATE_FORMAT}
        value={dayjs(filters.day)}
        onChange={(value) => {
          // An incomplete typing is not a day yet: the page keeps the last whole one.
          if (value?.isValid()) set({ day: value.format('YYYY-MM-DD') });
        }}
        slotProps={{ textField: { size: 'small', id: 'works-calendar-day', sx: { width: 220 } } }}
      />
      <NativeSelect
        id="works-calendar-weeks"
        label={T.weeks}
        value={String(filters.weeks)}
        onChange={(value) => set({ weeks: Number(value) as WorksCalendarWeeks })}
        options={WORKS_CALENDAR_WEEKS.map((weeks) => ({ value: String(weeks), label: T.weeksOption(weeks) }))}
      />
      <NativeSelect
        id="works-calendar-town"
        label={T.town}
        value={filters.insee}
        onChange={(insee) => set({ insee })}
        allLabel={T.allTowns}
        options={TOWN_OPTIONS}
        sx={{ minWidth: 200 }}
      />
      <NativeSelect
        id="works-calendar-kind"
        label={T.kind}
        value={filters.type}
        onChange={(type) => set({ type: type as CalendarFilters['type'] })}
        allLabel={T.allKinds}
        options={KIND_OPTIONS}
        sx={{ minWidth: 240 }}
      />
      <NativeSelect
        id="works-calendar-operator"
        label={T.operator}
        value={filters.operator}
        onChange={(operator) => set({ operator })}
        allLabel={T.allOperators}
        options={operators.map((operator) => ({ value: String(operator.id), label: operator.libelle }))}
        sx={{ minWidth: 200 }}
      />
      <TextField
        id="works-calendar-text"
        label={T.text}
        size="small"
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{ htmlInput: { maxLength: WORKS_CALENDAR_TEXT_MAX } }}
        sx={{ minWidth: { md: 380 } }}
      />
      <Button type="submit" variant="contained">
        {T.search}
      </Button>
      <Button
        onClick={() => {
          setText('');
          onReset();
        }}
      >
        {T.reset}
      </Button>
    </Stack>
  );
}
