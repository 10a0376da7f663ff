import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { WORKS_TEXTS, type DetailGroup } from '../model/works-details';
import { RequestSummaryList } from './request-summary-list';

/** Titled definition lists, one per form section. */
export function DetailGroupList({ groups }: { groups: readonly DetailGroup[] }) {
  return groups.map((group) => (
    <div key={group.title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {group.title}
      </Typography>
      <RequestSummaryList entries={group.entries} label={group.title} />
    </div>
  ));
}

/** What the applicant filled in about the works, one titled definition list per form section. */
export function WorksDetails({ groups }: { groups: readonly DetailGroup[] }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {WORKS_TEXTS.heading}
      </Typography>
      {groups.length === 0 && <Typography>{WORKS_TEXTS.empty}</Typography>}
      <DetailGroupList groups={groups} />
    </Box>
  );
}
