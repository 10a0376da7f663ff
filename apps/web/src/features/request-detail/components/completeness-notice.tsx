import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateFr, isInCompleteness, type RequestDetail } from '@voirie/domain';
import { useId } from 'react';

export const COMPLETENESS_TEXTS = {
  heading: 'Demande de complétude',
  intro: 'Le service instructeur demande les pièces suivantes pour compléter votre demande :',
  pieces: 'Pièces manquantes',
  comment: "Commentaire de l'instructeur",
  date: 'Date de la demande de complétude',
} as const;

type CompletenessFields = Pick<
  RequestDetail,
  'stateId' | 'missingDocuments' | 'missingDocumentTypes' | 'comment' | 'completenessDate'
>;

/** The pieces asked for, by their French names (the type id when the name is not known). */
function missingPieceNames(request: CompletenessFields): string[] {
  const named = request.missingDocumentTypes ?? [];
  return (request.missingDocuments ?? []).map(
    (id) => named.find((type) => type.id === id)?.name ?? `Pièce n° ${String(id)}`,
  );
}

/**
 * A request in completeness (state 8, docs/workflow.md "Transitions"): what the instructor asked
 * for — the missing pieces by name, the comment and the date — on the request's page and on its update page.
 * Nothing in any other state.
 */
export function CompletenessNotice({ request }: { request: CompletenessFields }) {
  const headingId = useId();
  const pieces = missingPieceNames(request);
  if (!isInCompleteness(request.stateId) || pieces.length === 0) return null;
  const date = formatDateFr(request.completenessDate);
  return (
    // A labelled region (not a live alert): it is the page's content, read in its place.
    <Alert severity="warning" component="section" role="region" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        {COMPLETENESS_TEXTS.heading}
      </Typography>
      <Typography>{COMPLETENESS_TEXTS.intro}</Typography>
      <Box component="ul" aria-label={COMPLETENESS_TEXTS.pieces} sx={{ mt: 0.5, mb: 1 }}>
        {pieces.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </Box>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { sm: 'max-content 1fr' }, columnGap: 1, m: 0 }}
      >
        {request.comment?.trim() && (
          <>
            <Typography component="dt" sx={{ fontWeight: 600 }}>
              {COMPLETENESS_TEXTS.comment}
            </Typography>
            <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-line' }}>
              {request.comment}
            </Typography>
          </>
        )}
        {date && (
          <>
            <Typography component="dt" sx={{ fontWeight: 600 }}>
              {COMPLETENESS_TEXTS.date}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {date}
            </Typography>
          </>
        )}
      </Box>
    </Alert>
  );
}
