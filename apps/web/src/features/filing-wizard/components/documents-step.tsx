import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { MAX_UPLOAD_BYTES, type DocumentType } from '@voirie/domain';
import type { Dispatch } from 'react';
import { usePublicConfig } from '../../shell';
import { documentTypesQueryOptions } from '../../../shared/request-queries';
import { documentSections, DOCUMENTS_TEXTS } from '../model/documents-step';
import type { WizardAction } from '../model/wizard-reducer';
import type { WizardState } from '../model/wizard-state';
import { DocumentRow } from './document-row';

/** The server's upload limit (GET config `uploadMaxBytes`), else the domain's default. */
function useUploadMaxBytes(): number {
  return usePublicConfig()?.uploadMaxBytes ?? MAX_UPLOAD_BYTES;
}

interface Props {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
}

/**
 * Step 5 'Pièces jointes à la demande' (docs/validation.md "Step 5"): the two sections, a
 * file per type.
 */
export function DocumentsStep({ state, dispatch }: Props) {
  const { data: types, isError } = useQuery(documentTypesQueryOptions());
  const maxBytes = useUploadMaxBytes();
  if (isError) return <Alert severity="error">{DOCUMENTS_TEXTS.loadFailed}</Alert>;
  if (!types) return null;
  const sections = documentSections(types, {
    kind: state.kind,
    themes: state.drafts.cerfa.themes,
    missing: state.missingDocuments,
  });
  const row = (type: DocumentType, required: boolean) => (
    <DocumentRow
      key={type.id}
      type={type}
      required={required}
      file={state.drafts.files[type.id] ?? null}
      maxBytes={maxBytes}
      error={state.errors[`documents.${type.id}`]}
      onChoose={(file) => dispatch({ type: 'fileChosen', typeId: type.id, file })}
      onRemove={() => dispatch({ type: 'fileRemoved', typeId: type.id })}
    />
  );
  return (
    <>
      <Typography variant="body2">{DOCUMENTS_TEXTS.accepted}</Typography>
      <Box component="section" aria-labelledby="documents-first" sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h3" id="documents-first">
          {DOCUMENTS_TEXTS.firstSection}
        </Typography>
        {state.missingDocuments && state.missingDocuments.length > 0 && (
          <Typography>{DOCUMENTS_TEXTS.missingIntro}</Typography>
        )}
        {sections.first.map((entry) => row(entry.type, entry.required))}
      </Box>
      {/* A completeness asks for its missing pieces only: no complementary section then. */}
      {sections.complementary.length > 0 && (
        <Box component="section" aria-labelledby="documents-complementary" sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="h6" component="h3" id="documents-complementary">
            {DOCUMENTS_TEXTS.complementarySection}
          </Typography>
          {sections.complementary.map((type) => row(type, false))}
        </Box>
      )}
    </>
  );
}
