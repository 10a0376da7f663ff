import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';

/**
 * A free-text search, the region named `name`: Enter or 'Rechercher' runs it, 'Effacer la
 * recherche' clears it (`onClear`, else an empty search). The requests list's and the users list's.
 */
export function SearchForm(props: {
  name: string;
  value?: string;
  onSearch: (text: string) => void;
  onClear?: () => void;
  marginBottom?: number;
}) {
  const value = props.value ?? '';
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // A search changed elsewhere (restored, cleared) shows in the field.
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSearch(text);
  };
  return (
    <Box
      component="form"
      role="search"
      aria-label={props.name}
      onSubmit={submit}
      sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: props.marginBottom }}
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
          if (props.onClear) props.onClear();
          else props.onSearch('');
        }}
      >
        Effacer la recherche
      </Button>
    </Box>
  );
}
