import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { canUser, type ModelDetail, parisDateTime } from '@voirie/domain';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ApiSuccess } from '../../../api';
import { showToast, usePageTitle } from '../../../ui';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { connectedUserQueryOptions } from '../../auth';
import { resetTemplate, saveTemplate, templateFileUrl, templateQueryOptions } from '../api/templates-api';
import { TEMPLATE_TEXTS, failureMessage, isDocxFileName } from '../model/template-texts';
import { TemplateHelp } from './template-help';

const editorRoute = getRouteApi('/bare/modeles/$id');

const DOCX_ACCEPT = '.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

type Notice = { severity: 'success' | 'error'; text: string } | null;

/** The template's file, its upload form and the return to the default. */
function TemplateEditor({ template }: { template: ModelDetail }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const uploadHeadingId = useId();
  const resetHeadingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [confirming, setConfirming] = useState(false);

  const onDone = (answer: ApiSuccess<ModelDetail>) => {
    queryClient.setQueryData(templateQueryOptions(String(template.id)).queryKey, answer.data);
    setNotice({ severity: 'success', text: answer.message });
  };
  const onFailed = (error: unknown) => setNotice({ severity: 'error', text: failureMessage(error) });
  const save = useMutation({
    mutationFn: (chosen: File) => saveTemplate(template.id, chosen),
    onSuccess: (answer) => {
      onDone(answer);
      setFile(null);
      formRef.current?.reset();
    },
    onError: onFailed,
  });
  const reset = useMutation({
    mutationFn: () => resetTemplate(template.id),
    onSuccess: onDone,
    onError: onFailed,
    onSettled: () => setConfirming(false),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (!file) return setFileError(TEMPLATE_TEXTS.fileRequired);
    if (!isDocxFileName(file)) return setFileError(TEMPLATE_TEXTS.docxOnly);
    setFileError(null);
    save.mutate(file);
  };

  return (
    <>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          columnGap: 2,
          rowGap: 0.5,
          m: 0,
          '& dd': { m: 0 },
        }}
      >
        <Typography component="dt" sx={{ fontWeight: 700 }}>
          {TEMPLATE_TEXTS.fileName}
        </Typography>
        <dd>{template.fileName}</dd>
        <Typography component="dt" sx={{ fontWeight: 700 }}>
          {TEMPLATE_TEXTS.updatedAt}
        </Typography>
        <dd>{template.updatedAt ? parisDateTime(template.updatedAt) : TEMPLATE_TEXTS.notWrittenYet}</dd>
      </Box>
      <Typography>{template.isDefault ? TEMPLATE_TEXTS.isDefault : TEMPLATE_TEXTS.isCustom}</Typography>
      {notice && (
        <Alert
          severity={notice.severity}
          onClose={() => setNotice(null)}
          closeText={TEMPLATE_TEXTS.close}
          sx={{ whiteSpace: 'pre-line' }}
        >
          {notice.text}
        </Alert>
      )}
      <div>
        <Button variant="contained" href={templateFileUrl(template.id)} download={template.fileName}>
          {TEMPLATE_TEXTS.download}
        </Button>
      </div>

      <Box component="section" aria-labelledby={uploadHeadingId} sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="h6" component="h2" id={uploadHeadingId}>
          {TEMPLATE_TEXTS.uploadHeading}
        </Typography>
        <Box
          component="form"
          ref={formRef}
          noValidate
          onSubmit={submit}
          sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
        >
          <TextField
            id={inputId}
            type="file"
            name="file"
            label={TEMPLATE_TEXTS.fileLabel}
            required
            error={Boolean(fileError)}
            helperText={fileError ?? undefined}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { accept: DOCX_ACCEPT } }}
            onChange={(event) => {
              const chosen = (event.target as HTMLInputElement).files?.[0] ?? null;
              setFile(chosen);
              setFileError(chosen && !isDocxFileName(chosen) ? TEMPLATE_TEXTS.docxOnly : null);
            }}
          />
          <Button type="submit" variant="contained" disabled={save.isPending} sx={{ mt: 1 }}>
            {TEMPLATE_TEXTS.save}
          </Button>
        </Box>
      </Box>

      <Box
        component="section"
        aria-labelledby={resetHeadingId}
        sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}
      >
        <Typography variant="h6" component="h2" id={resetHeadingId}>
          {TEMPLATE_TEXTS.resetHeading}
        </Typography>
        <Button variant="outlined" onClick={() => setConfirming(true)}>
          {TEMPLATE_TEXTS.reset}
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming}
        title={TEMPLATE_TEXTS.resetConfirmTitle}
        text={TEMPLATE_TEXTS.resetConfirmText}
        cancelLabel={TEMPLATE_TEXTS.cancel}
        confirmLabel={TEMPLATE_TEXTS.resetConfirm}
        destructive
        pending={reset.isPending}
        onConfirm={() => {
          setNotice(null);
          reset.mutate();
        }}
        onCancel={() => setConfirming(false)}
      />

      <TemplateHelp />
    </>
  );
}

/**
 * /modeles/{id}, opened in a new window from /modeles (docs/templates.md "The Templates screen",
 * "the model editor"): the administrator downloads the DOCX, edits it in Word or LibreOffice and
 * sends it back.
 */
export function TemplateEditorPage() {
  const { id } = editorRoute.useParams();
  const { data: user } = useQuery(connectedUserQueryOptions());
  const allowed = canUser(user, 'manageTemplates');
  const { data: template, error } = useQuery({ ...templateQueryOptions(id), enabled: allowed });
  const title = template ? TEMPLATE_TEXTS.editorTitle(template.libelle) : TEMPLATE_TEXTS.title;
  usePageTitle(title);
  // A template that cannot be opened: the spec's notice, 5 s (docs/constants.md "Limits and timings");
  // the page keeps saying so.
  useEffect(() => {
    if (error) showToast(TEMPLATE_TEXTS.openError(failureMessage(error)), 'error', { topic: 'document' });
  }, [error]);
  let body;
  if (user && !allowed) body = <Alert severity="info">{TEMPLATE_TEXTS.adminOnly}</Alert>;
  else if (error) body = <Typography>{TEMPLATE_TEXTS.openFailed}</Typography>;
  else if (template) body = <TemplateEditor template={template} />;
  else body = <Typography role="status">{TEMPLATE_TEXTS.editorLoading}</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 960, mx: 'auto' }}>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      {body}
    </Box>
  );
}
