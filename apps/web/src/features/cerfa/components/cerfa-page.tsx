import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import {
  cerfaForm,
  offersTrafficOrder,
  TRAFFIC_ORDER_NOT_OFFERED,
  type Cerfa14024,
  type Request,
} from '@voirie/domain';
import { useMemo } from 'react';
import { usePageTitle } from '../../../ui';
import { requestQueryOptions } from '../../../shared/request-queries';
import { usePrintCerfa } from '../hooks/use-print-cerfa';
import { isCerfaType, type CerfaType } from '../model/cerfa-types';
import { CerfaHeader, CerfaSheet } from './cerfa-sheet';

const cerfaRoute = getRouteApi('/bare/cerfa/$type/$id');

export const CERFA_TEXTS = {
  heading: (type: string) => `Formulaire Cerfa n°${type}`,
  notFound: "Cette demande n'existe pas ou vous n'y avez pas accès.",
  print: 'Imprimer',
  request: (id: number) => `Demande n°${id}`,
} as const;

/** The request's 14024 part, when the API sends one (most requests have none). */
function cerfa14024Of(request: Request): Partial<Cerfa14024> | null {
  return (request as Request & { cerfa14024?: Partial<Cerfa14024> | null }).cerfa14024 ?? null;
}

function CerfaView({ type, request }: { type: CerfaType; request: Request }) {
  const form = useMemo(() => cerfaForm(type, request, cerfa14024Of(request)), [type, request]);
  const { print, pending, error } = usePrintCerfa(request.id);
  return (
    <>
      <CerfaHeader form={form} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 700 }}>{CERFA_TEXTS.request(request.id)}</Typography>
        <Button variant="contained" disabled={pending} onClick={() => print(type)}>
          {CERFA_TEXTS.print}
        </Button>
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
      <CerfaSheet form={form} />
    </>
  );
}

/**
 * /cerfa/{type}/{id} (docs/screens.md "Cerfa view"): the read-only replica of a request's form, and
 * its PDF.
 */
export function CerfaPage() {
  const { type, id } = cerfaRoute.useParams();
  const { data: request, isError } = useQuery(requestQueryOptions(id));
  const heading = CERFA_TEXTS.heading(type);
  usePageTitle(heading);
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 1200, mx: 'auto' }}>
      <Typography variant="h4" component="h1">
        {heading}
      </Typography>
      {isError && <Typography>{CERFA_TEXTS.notFound}</Typography>}
      {/* The route already sends other types to /404; the guard narrows the type. */}
      {request &&
        isCerfaType(type) &&
        (type === '14024' && !offersTrafficOrder({ ...request, cerfa14024: cerfa14024Of(request) }) ? (
          <Alert severity="info">{TRAFFIC_ORDER_NOT_OFFERED}</Alert>
        ) : (
          <CerfaView type={type} request={request} />
        ))}
    </Box>
  );
}
