import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { Manager } from '@voirie/domain';
import { useId } from 'react';
import { DEFINITION_GRID_SX } from '../components/request-summary-list';
import { managersQueryOptions } from './applicant-api';
import { MANAGERS_TEXTS } from './works-texts';

function ManagerContact({ manager }: { manager: Manager }) {
  return (
    <>
      {manager.name} (
      <Link href={`mailto:${manager.email}`} aria-label={MANAGERS_TEXTS.mailTo(manager.name, manager.email)}>
        {manager.email}
      </Link>
      )
    </>
  );
}

/** The request's instructor and the road managers of its place (GET request/{id}/managers). */
export function ManagersBlock({ requestId }: { requestId: number }) {
  const headingId = useId();
  const managers = useQuery(managersQueryOptions(requestId));
  if (managers.isPending) return null;
  const { instructor = null, roadManagers = [] } = managers.data ?? {};
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {MANAGERS_TEXTS.heading}
      </Typography>
      {managers.isError ? (
        <Typography>{MANAGERS_TEXTS.loadFailed}</Typography>
      ) : (
        <Box component="dl" sx={DEFINITION_GRID_SX}>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {MANAGERS_TEXTS.instructor}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {instructor ? <ManagerContact manager={instructor} /> : MANAGERS_TEXTS.noInstructor}
          </Typography>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {MANAGERS_TEXTS.roadManagers}
          </Typography>
          {roadManagers.length === 0 ? (
            <Typography component="dd" sx={{ m: 0 }}>
              {MANAGERS_TEXTS.noRoadManager}
            </Typography>
          ) : (
            roadManagers.map((manager) => (
              <Typography key={manager.id} component="dd" sx={{ m: 0, gridColumn: 2 }}>
                <ManagerContact manager={manager} />
              </Typography>
            ))
          )}
        </Box>
      )}
    </Box>
  );
}
