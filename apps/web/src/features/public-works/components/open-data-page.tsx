import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PUBLIC_WORKS_FIELDS, PUBLIC_WORKS_LICENCE, PUBLIC_WORKS_URLS } from '@voirie/domain';
import type { ReactNode } from 'react';
import { RouterLink, usePageTitle } from '../../../ui';
import { TableCaptionHead } from '../../../ui/table-caption-head';
import { PUBLIC_WORKS_TEXTS } from '../model/public-works-texts';

const T = PUBLIC_WORKS_TEXTS.fields;
const EXAMPLES = [
  PUBLIC_WORKS_URLS.geojson,
  PUBLIC_WORKS_URLS.csv,
  `${PUBLIC_WORKS_URLS.geojson}?bbox=-1.48,43.60,-1.38,43.70&from=2026-06-01&to=2026-06-30`,
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="h5" component="h2">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const code = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;

/**
 * /travaux/donnees: what the open data of the works holds — the addresses and their
 * filters, every field (the domain's PUBLIC_WORKS_FIELDS, the CSV's columns), the licence, what is
 * never published and how fresh it is. Public, as the map.
 */
export function OpenDataPage() {
  usePageTitle(T.title);
  return (
    <Stack sx={{ gap: 3 }}>
      <Typography variant="h4" component="h1">
        {T.title}
      </Typography>
      <Typography>{T.intro}</Typography>
      <Section title={T.urls}>
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {EXAMPLES.map((url) => (
            <li key={url}>
              <Link href={url} sx={code}>
                {url}
              </Link>
            </li>
          ))}
        </Box>
        <Typography>{T.urlsIntro}</Typography>
      </Section>
      <Section title={T.formats}>
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {T.formatItems.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </Box>
      </Section>
      <Section title={T.licence}>
        <Typography>{T.licenceText}</Typography>
        <Link href={PUBLIC_WORKS_LICENCE.url}>{T.licenceLink}</Link>
      </Section>
      <Section title={T.fieldsTitle}>
        <Box role="region" aria-label={T.fieldsCaption} tabIndex={0} sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableCaptionHead caption={T.fieldsCaption} columns={[T.field, T.description, T.example]} />
            <TableBody>
              {PUBLIC_WORKS_FIELDS.map((field) => (
                <TableRow key={field.name}>
                  <TableCell component="th" scope="row" sx={code}>
                    {field.name}
                  </TableCell>
                  <TableCell>{field.description}</TableCell>
                  <TableCell sx={code}>{field.example}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Section>
      <Section title={T.never}>
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {T.neverItems.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </Box>
      </Section>
      <Section title={T.freshness}>
        <Typography>{T.freshnessText}</Typography>
      </Section>
      <RouterLink to="/travaux">{T.back}</RouterLink>
    </Stack>
  );
}
