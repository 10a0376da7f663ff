import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useQueryClient } from '@tanstack/react-query';
import { UPLOAD_MIME_TYPES, initialsOf } from '@voirie/domain';
import { useRef, useState, type ChangeEvent } from 'react';
import { UploadError } from '../../../api/upload';
import { showToast } from '../../../ui';
import { connectedUserQueryOptions } from '../../auth';
import { USER_KEY, uploadAvatar } from '../api/user-account-api';
import { USER_FORM_LABELS } from '../model/user-form';

/**
 * The avatar (docs/screens.md "Account"): the picture or the initials, and for who may edit, a file picker
 * (JPEG, BMP, PNG; the server checks the content) sending `POST stduser/upload` with its progress.
 */
export function AvatarUpload(props: {
  user: {
    id: number;
    email: string;
    firstName?: string | null;
    lastName?: string | null;
    picture?: string | null;
  };
  editable: boolean;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [picture, setPicture] = useState(props.user.picture ?? null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      const answer = await uploadAvatar(props.user.id, file, setProgress);
      setPicture(answer.data);
      showToast(answer.message, 'success');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: USER_KEY }),
        queryClient.invalidateQueries({ queryKey: connectedUserQueryOptions().queryKey }),
      ]);
    } catch (failure) {
      setError(
        failure instanceof UploadError && failure.body
          ? (failure.body.errors?.map((e) => e.message).join('\n') ?? failure.message)
          : 'La photo n’a pas pu être envoyée.',
      );
    } finally {
      setProgress(null);
    }
  };
  const initials = initialsOf({
    firstName: props.user.firstName ?? null,
    lastName: props.user.lastName ?? null,
    email: props.user.email,
  });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Avatar
        src={picture ?? undefined}
        alt={USER_FORM_LABELS.avatar}
        sx={{ width: 72, height: 72, bgcolor: 'primary.main' }}
      >
        {initials}
      </Avatar>
      {props.editable ? (
        <Box sx={{ display: 'grid', gap: 1, minWidth: 220 }}>
          {/* The native picker, opened by the button: hidden, so there is one control to reach. */}
          <input
            ref={inputRef}
            type="file"
            hidden
            accept={UPLOAD_MIME_TYPES.avatar.join(',')}
            onChange={(event) => void choose(event)}
          />
          <Button variant="outlined" disabled={progress !== null} onClick={() => inputRef.current?.click()}>
            {USER_FORM_LABELS.chooseAvatar}
          </Button>
          <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>
            {USER_FORM_LABELS.avatarHint}
          </Box>
          {progress !== null ? (
            <LinearProgress
              variant="determinate"
              value={progress}
              aria-label={USER_FORM_LABELS.avatarProgress}
            />
          ) : null}
          {error ? (
            <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
              {error}
            </Alert>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}
