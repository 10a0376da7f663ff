import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LIBRARY_FILE_TYPES, type LibraryDocument, parisDate } from '@voirie/domain';
import { useId } from 'react';
import { libraryFileUrl } from '../api/library-api';
import { DOCUMENTS_TEXTS as T, formatSize } from '../model/library-texts';

const FORMAT_LABELS = new Map<string, string>(
  Object.values(LIBRARY_FILE_TYPES).map((type) => [type.mimeType, type.label]),
);

/** One category of the library: its documents, each with its format, size, date and download. */
export function LibraryCategorySection(props: {
  label: string;
  documents: readonly LibraryDocument[];
  /** Given to administrators: the delete button of each document. */
  onDelete?: ((document: LibraryDocument) => void) | undefined;
}) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {props.label}
      </Typography>
      <List>
        {props.documents.map((document) => (
          <ListItem key={document.id} divider sx={{ flexWrap: 'wrap', gap: 1, px: 0 }}>
            <ListItemText
              primary={document.title}
              secondary={`${FORMAT_LABELS.get(document.mimeType) ?? document.mimeType} · ${formatSize(document.size)} · ${T.added(parisDate(document.createdAt))}`}
              sx={{ minWidth: 200 }}
            />
            <Stack direction="row" sx={{ gap: 1 }}>
              <Button
                component="a"
                href={libraryFileUrl(document.id)}
                download={document.fileName}
                variant="outlined"
                size="small"
                startIcon={<Download />}
                aria-label={`${T.download} : ${document.title}`}
              >
                {T.download}
              </Button>
              {props.onDelete && (
                <Button
                  color="error"
                  size="small"
                  aria-label={`${T.delete} : ${document.title}`}
                  onClick={() => props.onDelete?.(document)}
                >
                  {T.delete}
                </Button>
              )}
            </Stack>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
