import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { DocumentType } from '@voirie/domain';
import { useState } from 'react';
import { checkChosenFile, DOCUMENT_ACCEPT, DOCUMENTS_TEXTS } from '../model/documents-step';

interface Props {
  type: DocumentType;
  required: boolean;
  file: File | null;
  maxBytes: number;
  error: string | undefined;
  onChoose: (file: File) => void;
  onRemove: () => void;
}

/**
 * One document type: its file input labelled by the type's name (RGAA 11.1), the chosen file
 * with its remove button, and its refusal.
 */
export function DocumentRow({ type, required, file, maxBytes, error, onChoose, onRemove }: Props) {
  const [refusal, setRefusal] = useState<string | null>(null);
  // A new input after each choice or removal, so the same file can be chosen again.
  const [inputKey, setInputKey] = useState(0);
  const id = `document-${type.id}`;
  const message = refusal ?? error;
  const helperId = `${id}-helper-text`;

  const choose = (chosen: File | undefined) => {
    setInputKey((key) => key + 1);
    if (!chosen) return;
    const rejected = checkChosenFile(chosen, maxBytes);
    setRefusal(rejected);
    if (!rejected) onChoose(chosen);
  };

  return (
    <Box sx={{ display: 'grid', gap: 0.5, borderBottom: 1, borderColor: 'divider', pb: 1.5 }}>
      <Typography component="label" htmlFor={id} sx={{ fontWeight: 600 }}>
        {type.name}
        {required && (
          <Box component="span" aria-hidden="true" sx={{ color: 'error.main' }}>
            {' *'}
          </Box>
        )}
      </Typography>
      <input
        key={inputKey}
        id={id}
        name={id}
        type="file"
        accept={DOCUMENT_ACCEPT}
        required={required && !file}
        aria-invalid={Boolean(message)}
        aria-describedby={message ? helperId : undefined}
        onChange={(event) => choose(event.target.files?.[0])}
      />
      {file && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2">{file.name}</Typography>
          <IconButton size="small" aria-label={DOCUMENTS_TEXTS.remove(type.name)} onClick={onRemove}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Box>
      )}
      {message && (
        <FormHelperText id={helperId} error>
          {message}
        </FormHelperText>
      )}
    </Box>
  );
}
