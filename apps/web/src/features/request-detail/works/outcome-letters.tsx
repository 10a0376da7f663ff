import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { letterDraftSchema, type LetterDraft } from '@voirie/domain';
import { useId, useState } from 'react';
import { announceLetterFailure } from '../actions/document-failure';
import { useRequestAction, type ActionTarget } from '../actions/use-request-action';
import { generateLetter } from './instructor-api';
import { canEditLetter, hasLetterFile, LETTER_TEXTS } from './letters-model';
import { LetterRoundTrip } from './letters-round-trip';
import { OUTCOME_TEXTS } from './outcome-form';

type ReceptionLetter = 'formalNotice' | 'minutes';

const GENERATE_LABELS: Record<ReceptionLetter, string> = {
  formalNotice: LETTER_TEXTS.generateFormalNotice,
  minutes: LETTER_TEXTS.generateMinutes,
};

/**
 * The reception's letters inside the outcome dialog (docs/validation.md "Reception dialogs",
 * docs/constants.md "Letter templates"): 'Générer la mise en demeure' and 'Générer le
 * procès-verbal', disabled until an opinion is chosen, draft the letter from the dialog's current
 * values; then each letter's downloads and edited upload.
 */
export function OutcomeLetters({ target, draft }: { target: ActionTarget; draft: LetterDraft }) {
  const headingId = useId();
  const { request } = target;
  const [refusal, setRefusal] = useState<string | null>(null);
  const mutation = useRequestAction(
    target,
    (args: { kind: ReceptionLetter; draft: LetterDraft }) =>
      generateLetter(request.id, args.kind, args.draft),
    { onError: announceLetterFailure },
  );
  const kinds = (['formalNotice', 'minutes'] as const).filter((kind) => canEditLetter(kind, request.actions));
  const generate = (kind: ReceptionLetter) => {
    mutation.reset();
    // The domain says what a letter needs (an opinion; a refusal for the formal notice).
    const parsed = letterDraftSchema(kind).safeParse(draft);
    setRefusal(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    if (parsed.success) mutation.mutate({ kind, draft: parsed.data });
  };
  if (kinds.length === 0) return null;
  return (
    // A nested dialog's form (an edited letter) must not submit the outcome's form through React.
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ display: 'grid', gap: 1 }}
      onSubmit={(event) => event.stopPropagation()}
    >
      <Typography id={headingId} variant="subtitle1" component="h3">
        {OUTCOME_TEXTS.letters}
      </Typography>
      {refusal && <Alert severity="warning">{refusal}</Alert>}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {kinds.map((kind) => (
          <Button
            key={kind}
            variant="outlined"
            disabled={!draft.avis || mutation.isPending}
            onClick={() => generate(kind)}
          >
            {GENERATE_LABELS[kind]}
          </Button>
        ))}
      </Box>
      {kinds
        .filter((kind) => hasLetterFile(request.letters?.[kind]))
        .map((kind) => (
          <LetterRoundTrip
            key={kind}
            target={target}
            kind={kind}
            letter={request.letters?.[kind] ?? null}
            canEdit
            headingLevel="h4"
          />
        ))}
    </Box>
  );
}
