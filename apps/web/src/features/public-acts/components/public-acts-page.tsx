import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { PublicAct } from '@voirie/domain';
import { useState, type FormEvent } from 'react';
import { RouterLink, usePageTitle } from '../../../ui';
import { NativeSelect } from '../../../ui/native-select';
import { paginationLabel } from '../../../ui/pagination-label';
import { TableCaptionHead } from '../../../ui/table-caption-head';
import { EmptyRow } from '../../../ui/table-parts';
import { publicActsQueryOptions, type PublicActsSearch } from '../api/public-acts-api';
import { PUBLIC_ACTS_TEXTS as T } from '../model/public-acts-texts';

const COLUMNS = [T.columns.number, T.columns.subject, T.columns.town, T.columns.publishedAt];

/**
 * /actes: the regulatory acts published electronically (CGCT R2131-1), for anyone without
 * signing in, newest first, searched by number, subject or town (docs/acts.md « Publication »).
 */
export function PublicActsPage() {
  usePageTitle(T.title);
  const [search, setSearch] = useState<PublicActsSearch>({ q: '', town: '', page: 1 });
  const [text, setText] = useState('');
  const { data, isPending, isError } = useQuery(publicActsQueryOptions(search));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch({ ...search, q: text.trim(), page: 1 });
  };

  return (
    <Stack sx={{ gap: 2 }}>
      <Typography variant="h4" component="h1">
        {T.title}
      </Typography>
      <Typography>{T.intro}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { xs: 1, sm: 3 } }}>
        <RouterLink to="/travaux">{T.works}</RouterLink>
        <RouterLink to="/login">{T.signIn}</RouterLink>
      </Stack>
      <Stack
        component="form"
        role="search"
        aria-label={T.searchForm}
        onSubmit={submit}
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 2, alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          id="public-acts-search"
          label={T.search}
          helperText={T.searchHelp}
          size="small"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          sx={{ minWidth: 280 }}
        />
        <NativeSelect
          id="public-acts-town"
          label={T.town}
          value={search.town}
          onChange={(town) => setSearch({ ...search, town, page: 1 })}
          allLabel={T.allTowns}
          options={(data?.towns ?? []).map((town) => ({ value: town, label: town }))}
          sx={{ minWidth: 220 }}
        />
        <Button type="submit" variant="contained">
          {T.searchButton}
        </Button>
      </Stack>
      {isError && <Alert severity="error">{T.failed}</Alert>}
      {isPending && <Typography role="status">{T.loading}</Typography>}
      {data && (
        <>
          <Typography component="p" variant="h6" role="status">
            {T.count(data.total)}
          </Typography>
          <TableContainer>
            <Table size="small">
              <TableCaptionHead caption={T.caption} columns={COLUMNS} />
              <TableBody>
                {data.data.length === 0 ? (
                  <EmptyRow columns={COLUMNS.length} text={T.empty} />
                ) : (
                  data.data.map((act) => <ActRow key={act.number} act={act} />)
                )}
              </TableBody>
            </Table>
          </TableContainer>
          {data.pages > 1 && (
            <Pagination
              page={data.page}
              count={data.pages}
              onChange={(_event, page) => setSearch({ ...search, page })}
              getItemAriaLabel={paginationLabel}
            />
          )}
        </>
      )}
    </Stack>
  );
}

function ActRow({ act }: { act: PublicAct }) {
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        <RouterLink to="/actes/$number" params={{ number: act.number }} aria-label={T.actLink(act.number)}>
          {act.number}
        </RouterLink>
      </TableCell>
      <TableCell>{act.subject}</TableCell>
      <TableCell>{act.town ?? '—'}</TableCell>
      <TableCell>{T.publishedOn(act.publishedAt)}</TableCell>
    </TableRow>
  );
}
