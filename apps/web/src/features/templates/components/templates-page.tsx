import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { canUser } from '@voirie/domain';
import { useState } from 'react';
import { usePageTitle } from '../../../ui';
import { connectedUserQueryOptions } from '../../auth';
import { templatesQueryOptions } from '../api/templates-api';
import { TEMPLATE_TEXTS, templateEditorPath } from '../model/template-texts';

/**
 * /modeles (docs/templates.md "The Templates screen"): one button per template; each opens the
 * template's editor (/modeles/{id}) in a new window. Administrators only; the API refuses the others too.
 */
export function TemplatesPage() {
  usePageTitle(TEMPLATE_TEXTS.title);
  const { data: user } = useQuery(connectedUserQueryOptions());
  const allowed = canUser(user, 'manageTemplates');
  const { data: templates } = useQuery({ ...templatesQueryOptions(), enabled: allowed });
  const [blocked, setBlocked] = useState(false);

  const open = (id: number) => {
    // No 'noopener' feature: with it window.open always returns null and a blocked
    // pop-up could not be told apart.
    const opened = window.open(templateEditorPath(id), '_blank');
    setBlocked(!opened);
    if (opened) opened.opener = null;
  };

  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {TEMPLATE_TEXTS.title}
      </Typography>
      {user && !allowed ? (
        <Alert severity="info">{TEMPLATE_TEXTS.adminOnly}</Alert>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>{TEMPLATE_TEXTS.intro}</Typography>
          {blocked && (
            <Alert
              severity="error"
              sx={{ mb: 2 }}
              onClose={() => setBlocked(false)}
              closeText={TEMPLATE_TEXTS.close}
            >
              {TEMPLATE_TEXTS.popupBlocked}
            </Alert>
          )}
          <Stack
            component="ul"
            aria-label={TEMPLATE_TEXTS.listLabel}
            spacing={1}
            sx={{ listStyle: 'none', p: 0, m: 0, maxWidth: 640 }}
          >
            {(templates ?? []).map((template) => (
              <li key={template.id}>
                <Button
                  variant="outlined"
                  fullWidth
                  sx={{ justifyContent: 'flex-start', textAlign: 'left' }}
                  onClick={() => open(template.id)}
                >
                  {template.libelle}
                </Button>
              </li>
            ))}
          </Stack>
        </>
      )}
    </>
  );
}
