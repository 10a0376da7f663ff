import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import type { DocumentType } from '@voirie/domain';
import { useRef, useState, type DragEvent } from 'react';
import { checkChosenFile, DOCUMENT_ACCEPT, DOCUMENTS_TEXTS } from '../model/documents-step';
import { ChosenFile } from './chosen-file';

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
 * One document type's drop zone: its name and whether it is mandatory, a file dropped on it or
 * chosen with 'Choisir un fichier' (named for screen readers after the type, RGAA 11.1), the
 * chosen file's name, size and type with its remove button, and its refusal. A file of a wrong
 * type or too large is refused here, before anything is sent.
 */
export function DocumentRow({ type, required, file, maxBytes, error, onChoose, onRemove }: Props) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  // A new input after each choice or removal, so the same file can be chosen again.
  const [inputKey, setInputKey] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const id = `document-${type.id}`;
  const message = refusal ?? error;
  const helperId = `${id}-helper-text`;
  const titleId = `${id}-title`;

  const choose = (chosen: File | undefined) => {
    setInputKey((key) => key + 1);
    if (!chosen) return;
    const rejected = checkChosenFile(chosen, maxBytes);
    setRefusal(rejected);
    if (!rejected) onChoose(chosen);
  };
  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };
  const action = file ? DOCUMENTS_TEXTS.replace : DOCUMENTS_TEXTS.choose;

  return (
    <Box
      data-testid={id}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      sx={{
        display: 'grid',
        gap: 1,
        p: 1.5,
        border: 2,
        borderStyle: 'dashed',
        borderRadius: 1,
        borderColor: message ? 'error.main' : dragging ? 'primary.main' : 'divider',
        bgcolor: dragging ? 'action.hover' : 'background.paper',
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography id={titleId} component="h4" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {type.name}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={required ? 'error' : 'default'}
          label={required ? DOCUMENTS_TEXTS.mandatory : DOCUMENTS_TEXTS.optional}
        />
      </Box>
      {file && <ChosenFile file={file} removeLabel={DOCUMENTS_TEXTS.remove(type.name)} onRemove={onRemove} />}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" color="text.secondary" aria-hidden="true">
          {dragging ? DOCUMENTS_TEXTS.dropActive : DOCUMENTS_TEXTS.drop}
        </Typography>
        <Button
          type="button"
          variant="outlined"
          size="small"
          startIcon={<UploadFileIcon />}
          aria-label={DOCUMENTS_TEXTS.chooseFor(action, type.name, required)}
          aria-describedby={message ? helperId : undefined}
          aria-invalid={message ? true : undefined}
          onClick={() => input.current?.click()}
        >
          {action}
        </Button>
      </Box>
      <input
        key={inputKey}
        ref={input}
        id={id}
        name={id}
        type="file"
        hidden
        aria-labelledby={titleId}
        accept={DOCUMENT_ACCEPT}
        required={required && !file}
        aria-invalid={Boolean(message)}
        onChange={(event) => choose(event.target.files?.[0])}
      />
      {message && (
        <FormHelperText id={helperId} error role={refusal ? 'alert' : undefined}>
          {message}
        </FormHelperText>
      )}
    </Box>
  );
}
