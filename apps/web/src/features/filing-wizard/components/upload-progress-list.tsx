import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { DocumentType } from '@voirie/domain';
import { DOCUMENTS_TEXTS } from '../model/documents-step';
import { fileParts, SUBMISSION_TEXTS } from '../model/submission';
import { ChosenFile } from './chosen-file';

/** While Terminer sends: each file, named after its document type, with its size, type and bar. */
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
    <Box component="section" aria-labelledby="upload-progress-title" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id="upload-progress-title" role="status" sx={{ fontWeight: 600 }}>
        {SUBMISSION_TEXTS.sending}
      </Typography>
      {fileParts(files).map(({ typeId, file }) => (
        <Box key={typeId} sx={{ display: 'grid', gap: 0.5 }}>
          <Typography variant="body2">{nameOf(typeId)}</Typography>
          <ChosenFile
            file={file}
            percent={percents[typeId] ?? 0}
            progressLabel={DOCUMENTS_TEXTS.progress(nameOf(typeId))}
          />
        </Box>
      ))}
    </Box>
  );
}
