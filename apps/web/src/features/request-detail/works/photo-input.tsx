import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAX_UPLOAD_BYTES, UPLOAD_MIME_TYPES, type UploadContext } from '@voirie/domain';
import { useId, useState } from 'react';
import { usePublicConfig } from '../../shell';
import { addPhotos, MAX_PHOTOS, photoAccept, PHOTO_TEXTS } from './photo-files';

export interface PhotoInputProps {
  label: string;
  context: UploadContext;
  files: readonly File[];
  onChange: (files: File[]) => void;
}

/**
 * Up to 5 photos, picked in one or several goes, each removable (keyboard: the file input, then
 * a 'Retirer' button per photo). A refused file is named with the domain's message.
 */
export function PhotoInput({ label, context, files, onChange }: PhotoInputProps) {
  const inputId = useId();
  const listId = useId();
  const [error, setError] = useState<string | null>(null);
  const maxBytes = usePublicConfig()?.uploadMaxBytes ?? MAX_UPLOAD_BYTES;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <TextField
        id={inputId}
        type="file"
        label={label}
        error={Boolean(error)}
        helperText={error ?? PHOTO_TEXTS.hint(MAX_PHOTOS, UPLOAD_MIME_TYPES[context])}
        disabled={files.length >= MAX_PHOTOS}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { accept: photoAccept(context), multiple: true },
        }}
        onChange={(event) => {
          const input = event.target as HTMLInputElement;
          const next = addPhotos(files, [...(input.files ?? [])], { context, maxBytes });
          // The same file may be picked again after its removal.
          input.value = '';
          setError(next.error);
          onChange(next.files);
        }}
      />
      {files.length > 0 && (
        <>
          <Typography id={listId} variant="body2">
            {PHOTO_TEXTS.chosen}
          </Typography>
          <Box component="ul" aria-labelledby={listId} sx={{ m: 0, pl: 3 }}>
            {files.map((file, index) => (
              <li key={`${file.name}-${String(index)}`}>
                {file.name}
                <IconButton
                  size="small"
                  aria-label={PHOTO_TEXTS.remove(file.name)}
                  onClick={() => {
                    setError(null);
                    onChange(files.filter((_file, other) => other !== index));
                  }}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              </li>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
