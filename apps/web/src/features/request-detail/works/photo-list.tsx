import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Document } from '@voirie/domain';
import { useId } from 'react';
import { DocumentLink } from '../components/document-link';
import { IMAGE_DOCUMENT_TYPE_ID } from '../model/detail-documents';
import { documentTypeName, photoWarning } from './photo-features';

export const PHOTO_LIST_TEXTS = {
  heading: 'Documents de réception',
} as const;

/**
 * The reception and road-disturbance documents (`request.receptionDocuments`, docs/screens.md
 * "Documents list"): name and type, downloaded from their URL; a photo taken more than 200 m from
 * the works carries the domain's warning beside it.
 */
export function ReceptionDocumentsList({
  documents,
  headingLevel = 'h2',
}: {
  documents: readonly Document[];
  headingLevel?: 'h2' | 'h3';
}) {
  const headingId = useId();
  if (documents.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={headingId} variant="h6" component={headingLevel}>
        {PHOTO_LIST_TEXTS.heading}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
        {documents.map((document) => {
          const warning = photoWarning(document);
          const typeName = documentTypeName(document);
          return (
            <li key={document.id}>
              <DocumentLink
                name={document.name}
                url={document.url}
                opensInNewWindow={document.typeDocumentId === IMAGE_DOCUMENT_TYPE_ID}
              />
              {typeName && ` — ${typeName}`}
              {warning && (
                <Typography component="span" variant="body2" sx={{ color: 'warning.dark', ml: 1 }}>
                  {warning}
                </Typography>
              )}
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
