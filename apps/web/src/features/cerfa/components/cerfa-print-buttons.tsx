import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { CERFA_TYPES, type CerfaType } from '../model/cerfa-types';
import { usePrintCerfa } from '../hooks/use-print-cerfa';

export interface CerfaPrintButtonsProps {
  /** The request's numeric id (or publicId) for the PDF call. */
  requestId: number | string;
  /** The id of the web route; the numeric id when the request has no publicId. */
  publicId?: string | null;
  /** The forms this request offers. */
  types?: readonly CerfaType[];
}

/** For the request page: print each cerfa as PDF, or open its replica in a new tab. */
export function CerfaPrintButtons({ requestId, publicId, types = CERFA_TYPES }: CerfaPrintButtonsProps) {
  const { print, pending, error } = usePrintCerfa(requestId);
  const routeId = encodeURIComponent(publicId ?? String(requestId));
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        {types.map((type) => (
          <Box key={type} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <Button variant="outlined" disabled={pending} onClick={() => print(type)}>
              Imprimer le cerfa {type}
            </Button>
            {/* A plain link: the replica opens in a new tab, outside the app's layout. */}
            <Link href={`/cerfa/${type}/${routeId}`} target="_blank" rel="noopener">
              Voir le cerfa {type}
            </Link>
          </Box>
        ))}
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
    </Box>
  );
}
