import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { parisDate, SEAL_MESSAGES, type SealStatus } from '@voirie/domain';
import { useId, useState, type FormEvent } from 'react';
import { ApiError, failureText, type ApiSuccess } from '../../../api';
import { PasswordField, showToast } from '../../../ui';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import {
  fileAsBase64,
  removeSealCertificate,
  saveSealCertificate,
  sealStatusQueryOptions,
} from '../api/act-seal-api';
import { ACT_SEAL_TEXTS as T } from '../model/act-seal-texts';

/** What the register's readers are told when acts are not sealed; nothing when they are. */
export function SealNotice({ status }: { status: SealStatus }) {
  if (!status.configured) return <Alert severity="warning">{T.none}</Alert>;
  if (!status.readable) return <Alert severity="error">{T.unreadable}</Alert>;
  if (status.expired) return <Alert severity="warning">{T.expired(parisDate(status.notAfter))}</Alert>;
  return null;
}

type Field = 'p12' | 'password';

/** The server's refusal on each field; a refusal on no field goes to the file's. */
function refusalOf(error: unknown): Partial<Record<Field, string>> {
  if (error instanceof ApiError) {
    const errors = error.body?.errors ?? [];
    const on = (field: Field) => errors.find((item) => item.path === field)?.message;
    if (on('password')) return { password: on('password') };
    if (on('p12')) return { p12: on('p12') };
  }
  return { p12: failureText(error) };
}

const answered = (queryClient: QueryClient) => (answer: ApiSuccess<SealStatus>) => {
  queryClient.setQueryData(sealStatusQueryOptions().queryKey, answer.data);
  showToast(answer.message, 'success');
};

/** The upload: the file and its password, both labelled; each refusal under its field. */
function CertificateForm({ replacing }: { replacing: boolean }) {
  const queryClient = useQueryClient();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useMutation({
    mutationFn: async () => saveSealCertificate({ p12: await fileAsBase64(file!), password }),
    onSuccess: answered(queryClient),
    onError: (failure) => setErrors(refusalOf(failure)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setErrors({ p12: SEAL_MESSAGES.noFile });
      return;
    }
    setErrors({});
    save.mutate();
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, maxWidth: 480 }}>
      <div>
        <label htmlFor={fileId}>{T.file}</label>{' '}
        <input
          id={fileId}
          type="file"
          accept=".p12,.pfx,application/x-pkcs12"
          aria-invalid={errors.p12 !== undefined}
          aria-describedby={errors.p12 ? `${fileId}-error` : undefined}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        {errors.p12 && (
          <FormHelperText id={`${fileId}-error`} error>
            {errors.p12}
          </FormHelperText>
        )}
      </div>
      <PasswordField
        id="act-seal-password"
        label={T.password}
        autoComplete="off"
        error={errors.password !== undefined}
        helperText={errors.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {replacing ? T.replace : T.save}
        </Button>
      </div>
    </Box>
  );
}

/** « Cachet électronique » (administrators, manageActSeal): the certificate in force, its upload, its removal. */
export function ActSealSection({ status }: { status: SealStatus }) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: removeSealCertificate,
    onSuccess: (answer) => {
      answered(queryClient)(answer);
      setConfirming(false);
    },
  });
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 2 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {T.heading}
      </Typography>
      <Typography variant="body2">{T.help}</Typography>
      {status.configured && (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, m: 0 }}>
          <dt>{T.holder}</dt>
          <Box component="dd" sx={{ m: 0 }}>
            {status.holder}
          </Box>
          <dt>{T.issuer}</dt>
          <Box component="dd" sx={{ m: 0 }}>
            {status.issuer}
          </Box>
          <dt>{T.validity}</dt>
          <Box component="dd" sx={{ m: 0 }}>
            {T.validFromTo(parisDate(status.notBefore), parisDate(status.notAfter))}
          </Box>
        </Box>
      )}
      {status.configured && (
        <div>
          <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
            {T.remove}
          </Button>
        </div>
      )}
      <CertificateForm replacing={status.configured} />
      <ConfirmDialog
        open={confirming}
        title={T.removeTitle}
        text={T.removeText}
        confirmLabel={T.remove}
        cancelLabel={T.cancel}
        destructive
        pending={remove.isPending}
        error={remove.isError ? failureText(remove.error) : null}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </Box>
  );
}
