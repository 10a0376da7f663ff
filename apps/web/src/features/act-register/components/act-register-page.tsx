import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { ACT_NATURE_LABELS, ACT_NATURES, canUser, TOWNS, type ActNature } from '@voirie/domain';
import { useState } from 'react';
import { usePageTitle } from '../../../ui';
import { NativeSelect } from '../../../ui/native-select';
import { paginationLabel } from '../../../ui/pagination-label';
import { connectedUserQueryOptions } from '../../auth';
import {
  actRegisterCsvUrl,
  actRegisterPdfUrl,
  actRegisterQueryOptions,
  type ActRegisterFilters,
} from '../api/act-register-api';
import { ACT_REGISTER_TEXTS as T } from '../model/act-register-texts';
import { sealStatusQueryOptions } from '../api/act-seal-api';
import { ActNumberingSection } from './act-numbering-form';
import { ActSealSection, SealNotice } from './act-seal-section';
import { ActRegisterTable } from './act-register-table';
import { ActTransmissionSection } from './act-transmission-form';

const NATURE_OPTIONS = ACT_NATURES.map((nature) => ({ value: nature, label: ACT_NATURE_LABELS[nature] }));
const TOWN_OPTIONS = TOWNS.map((town) => ({ value: town.name, label: town.name }));
const isNature = (value: string): value is ActNature => (ACT_NATURES as readonly string[]).includes(value);

/** The year chosen: not yet (the newest of the register), a year, or all ('') . */
type YearChoice = number | '' | null;

/**
 * /registre, the sidebar's « Registre des actes » (docs/acts.md, docs/screens.md): every signed
 * act in register order, filtered by year (the newest by default), nature and town, its CSV;
 * for administrators, the number format. Instructors and administrators (readActRegister); the
 * API refuses the others too.
 */
export function ActRegisterPage() {
  usePageTitle(T.title);
  const { data: user } = useQuery(connectedUserQueryOptions());
  const allowed = canUser(user, 'readActRegister');
  const [yearChoice, setYearChoice] = useState<YearChoice>(null);
  const [nature, setNature] = useState<ActNature | ''>('');
  const [town, setTown] = useState('');
  const [page, setPage] = useState(1);
  // The register's years come with each of its pages (newest first): the first answer, for all
  // years, gives the default year, the newest; its page is then asked again for that year.
  const [years, setYears] = useState<readonly number[]>([]);
  const year = yearChoice === null ? years[0] : yearChoice === '' ? undefined : yearChoice;
  const filters: ActRegisterFilters = { year, nature: nature || undefined, town: town || undefined };
  const { data, isError, isPlaceholderData } = useQuery(actRegisterQueryOptions(filters, page, allowed));
  const { data: seal } = useQuery(sealStatusQueryOptions(allowed));
  if (data && data.years.join() !== years.join()) setYears(data.years);

  const change = (apply: () => void) => {
    apply();
    setPage(1);
  };
  const heading = (
    <Typography variant="h4" component="h1">
      {T.title}
    </Typography>
  );
  if (user && !allowed) {
    return (
      <Box sx={{ display: 'grid', gap: 3 }}>
        {heading}
        <Alert severity="info">{T.forbidden}</Alert>
      </Box>
    );
  }
  const yearValue = year === undefined ? '' : String(year);
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {heading}
      <Typography>{T.intro}</Typography>
      {seal && <SealNotice status={seal} />}
      <Box
        role="group"
        aria-label={T.filters}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
      >
        <NativeSelect
          id="act-register-year"
          label={T.year}
          value={yearValue}
          onChange={(value) => change(() => setYearChoice(value === '' ? '' : Number(value)))}
          allLabel={T.all}
          options={years.map((item) => ({ value: String(item), label: String(item) }))}
          sx={{ minWidth: 120 }}
        />
        <NativeSelect
          id="act-register-nature"
          label={T.nature}
          value={nature}
          onChange={(value) => change(() => setNature(isNature(value) ? value : ''))}
          allLabel={T.all}
          options={NATURE_OPTIONS}
          sx={{ minWidth: 240 }}
        />
        <NativeSelect
          id="act-register-town"
          label={T.town}
          value={town}
          onChange={(value) => change(() => setTown(value))}
          allLabel={T.all}
          options={TOWN_OPTIONS}
          sx={{ minWidth: 200 }}
        />
        <Button variant="outlined" href={actRegisterCsvUrl(filters)} download>
          {T.exportCsv}
        </Button>
        {year !== undefined && (
          <Button variant="outlined" href={actRegisterPdfUrl(year)} download>
            {T.printYear(year)}
          </Button>
        )}
      </Box>
      {isError && <Alert severity="error">{T.loadError}</Alert>}
      {data && (
        <Box aria-busy={isPlaceholderData} sx={{ display: 'grid', gap: 2 }}>
          <ActRegisterTable acts={data.data} total={data.total} />
          {data.pages > 1 && (
            <Pagination
              page={page}
              count={data.pages}
              onChange={(_event, value) => setPage(value)}
              getItemAriaLabel={paginationLabel}
            />
          )}
        </Box>
      )}
      {canUser(user, 'manageActNumbering') && <ActNumberingSection />}
      {canUser(user, 'manageActNumbering') && <ActTransmissionSection />}
      {seal && canUser(user, 'manageActSeal') && <ActSealSection status={seal} />}
    </Box>
  );
}
