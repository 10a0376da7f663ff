import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { DOCUMENTS_TEXTS, type DocumentEntry } from '../model/detail-documents';

/** The request's documents (spec 2 §2.4): name and type, downloaded from their URL. */
export function RequestDocuments({ entries }: { entries: readonly DocumentEntry[] }) {
  return (
    <Box component="section" aria-labelledby="request-documents-heading" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="request-documents-heading" variant="h5" component="h2">
        {DOCUMENTS_TEXTS.heading}
      </Typography>
      {entries.length === 0 ? (
        <Typography>{DOCUMENTS_TEXTS.empty}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
          {entries.map((entry) => (
            <li key={entry.id}>
              {entry.opensInNewWindow ? (
                // Type 17 is an image the user looks at, so it opens rather than downloads.
                <Link
                  href={entry.url}
                  target="_blank"
                  rel="noopener"
                  aria-label={DOCUMENTS_TEXTS.openImage(entry.name)}
                >
                  {entry.name}
                </Link>
              ) : (
                <Link
                  href={entry.url}
                  download={entry.name}
                  aria-label={DOCUMENTS_TEXTS.download(entry.name)}
                >
                  {entry.name}
                </Link>
              )}
              {entry.typeName && ` — ${entry.typeName}`}
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
