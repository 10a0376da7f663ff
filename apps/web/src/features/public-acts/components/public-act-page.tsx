import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { PUBLIC_ACTS_URLS, publicationStamp, type PublicAct } from '@voirie/domain';
import type { ReactNode } from 'react';
import { ApiError } from '../../../api';
import { RouterLink, usePageTitle } from '../../../ui';
import { publicActQueryOptions } from '../api/public-acts-api';
import { PUBLIC_ACTS_TEXTS } from '../model/public-acts-texts';

const T = PUBLIC_ACTS_TEXTS.act;
const actRoute = getRouteApi('/public-wide/themed/actes/$number');

/**
 * /actes/{number}: the permanent page of a published act — its publication's date and time, its
 * signatory, the SHA-256 of the published PDF (anyone can check the download against it), whether
 * it is sealed, and the PDF itself. An act not published is « not published », never more.
 */
export function PublicActPage() {
  const { number } = actRoute.useParams();
  const { data, isPending, error } = useQuery(publicActQueryOptions(number));
  const notPublished = error instanceof ApiError && error.code === 'NOT_FOUND';
  usePageTitle(notPublished ? T.notPublishedTitle : T.pageTitle(number));

  if (notPublished)
    return (
      <Stack sx={{ gap: 2 }}>
        <Typography variant="h4" component="h1">
          {T.notPublishedTitle}
        </Typography>
        <Typography>{T.notPublished}</Typography>
        <BackLink />
      </Stack>
    );
  return (
    <Stack sx={{ gap: 2 }}>
      <Typography variant="h4" component="h1">
        {T.title(number)}
      </Typography>
      {error && <Alert severity="error">{error.message}</Alert>}
      {isPending && <Typography role="status">{T.loading}</Typography>}
      {data && <ActDetails act={data} />}
      <BackLink />
    </Stack>
  );
}

function BackLink() {
  return <RouterLink to="/actes">{T.backLink}</RouterLink>;
}

function ActDetails({ act }: { act: PublicAct }) {
  return (
    <>
      <Typography component="p" variant="h6">
        {act.natureLabel}
      </Typography>
      <Typography>{publicationStamp(new Date(act.publishedAt))}</Typography>
      {act.late && <Alert severity="warning">{T.late}</Alert>}
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { sm: 'max-content 1fr' }, gap: 1, m: 0 }}
      >
        <Term label={T.subject}>{act.subject}</Term>
        {act.town && <Term label={T.town}>{act.town}</Term>}
        {act.signatory && <Term label={T.signatory}>{act.signatory}</Term>}
        <Term label={T.sha256}>
          <Box
            component="code"
            sx={{ fontFamily: 'monospace', wordBreak: 'break-all', userSelect: 'all' }}
            data-testid="act-sha256"
          >
            {act.sha256}
          </Box>
          <Typography variant="body2" color="text.secondary">
            {T.sha256Help}
          </Typography>
        </Term>
      </Box>
      <Typography>{T.signedOn(act.signedAt)}</Typography>
      <Typography>{act.sealed ? T.sealed : T.notSealed}</Typography>
      {act.pdfa && <Typography>{T.pdfa}</Typography>}
      <Box>
        <Link href={PUBLIC_ACTS_URLS.pdf(act.number)}>{T.download}</Link>
      </Box>
    </>
  );
}

/** A term and its description in the act's list of facts. */
function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box component="dt" sx={{ fontWeight: 'bold' }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0 }}>
        {children}
      </Box>
    </>
  );
}
