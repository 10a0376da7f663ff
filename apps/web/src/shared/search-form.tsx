import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';

/** Free-text search: Enter or 'Rechercher' runs it, 'Effacer la recherche' clears it. */
export function SearchForm(props: { value: string; onSearch: (text: string) => void; onClear: () => void }) {
  const [text, setText] = useState(props.value);
  const [shown, setShown] = useState(props.value);
  // A search changed elsewhere (restored, cleared) shows in the field.
  if (shown !== props.value) {
    setShown(props.value);
    setText(props.value);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSearch(text);
  };
  return (
    <Box
      component="form"
      role="search"
      aria-label="Recherche de demandes"
      onSubmit={submit}
      sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <TextField
        label="Rechercher"
        size="small"
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <Button type="submit" variant="outlined">
        Rechercher
      </Button>
      <Button
        type="button"
        onClick={() => {
          setText('');
          props.onClear();
        }}
      >
        Effacer la recherche
      </Button>
    </Box>
  );
}
