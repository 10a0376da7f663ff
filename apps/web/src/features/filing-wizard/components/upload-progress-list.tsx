import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { DocumentType } from '@voirie/domain';
import { DOCUMENTS_TEXTS } from '../model/documents-step';
import { fileParts, SUBMISSION_TEXTS } from '../model/submission';

/** While Terminer sends: each file with its bar, named after its document type. */
export function UploadProgressList({
  files,
  types,
  percents,
}: {
  files: Partial<Record<number, File>>;
  types: readonly DocumentType[];
  percents: Partial<Record<number, number>>;
}) {
  const nameOf = (typeId: number) => types.find((type) => type.id === typeId)?.name ?? `Pièce ${typeId}`;
  return (
    <Box component="section" aria-labelledby="upload-progress-title" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="upload-progress-title" role="status" sx={{ fontWeight: 600 }}>
        {SUBMISSION_TEXTS.sending}
      </Typography>
      {fileParts(files).map(({ typeId, file }) => (
        <Box key={typeId} sx={{ display: 'grid', gap: 0.5 }}>
          <Typography variant="body2">
            {nameOf(typeId)} : {file.name}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={percents[typeId] ?? 0}
            aria-label={DOCUMENTS_TEXTS.progress(nameOf(typeId))}
          />
        </Box>
      ))}
    </Box>
  );
}
