import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { USERS_TEXTS } from '../model/users-texts';

/**
 * The users search (docs/screens.md "Users list"): Enter or 'Rechercher' runs it, 'Effacer la
 * recherche' clears it.
 */
export function UsersSearchForm(props: { onSearch: (text: string) => void }) {
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSearch(text);
  };
  return (
    <Box
      component="form"
      role="search"
      aria-label={USERS_TEXTS.searchRegion}
      onSubmit={submit}
      sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}
    >
      <TextField
        label={USERS_TEXTS.search}
        size="small"
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <Button type="submit" variant="outlined">
        {USERS_TEXTS.search}
      </Button>
      <Button
        type="button"
        onClick={() => {
          setText('');
          props.onSearch('');
        }}
      >
        {USERS_TEXTS.clear}
      </Button>
    </Box>
  );
}
