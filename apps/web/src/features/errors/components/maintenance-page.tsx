import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { MAINTENANCE_TEXTS } from '@voirie/domain/account-texts';
import { useState } from 'react';
import { usePageTitle } from '../../../ui';
import { publicConfigQueryOptions } from '../../shell';

/**
 * 'Maintenance', without the sidebar (docs/screens.md "Routes"): where any call answered
 * MAINTENANCE leads (docs/operations.md "Maintenance"). 'Réessayer' reads the public configuration
 * again and returns to the list once the portal is open.
 */
export function MaintenancePage() {
  usePageTitle(MAINTENANCE_TEXTS.title);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [stillClosed, setStillClosed] = useState(false);
  const retry = async () => {
    setStillClosed(false);
    const config = await queryClient
      .fetchQuery({ ...publicConfigQueryOptions(), staleTime: 0 })
      .catch(() => ({ maintenance: true }));
    if (config.maintenance) setStillClosed(true);
    else void navigate({ to: '/dossiers' });
  };
  return (
    <Stack spacing={2} component="section" aria-labelledby="maintenance-title">
      <Typography id="maintenance-title" variant="h4" component="h1">
        {MAINTENANCE_TEXTS.title}
      </Typography>
      <Typography>{MAINTENANCE_TEXTS.message}</Typography>
      <div>
        <Button variant="contained" onClick={() => void retry()}>
          {MAINTENANCE_TEXTS.retry}
        </Button>
      </div>
      <Typography role="status">{stillClosed ? MAINTENANCE_TEXTS.stillClosed : ''}</Typography>
    </Stack>
  );
}
