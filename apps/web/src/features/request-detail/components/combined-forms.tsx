import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { RequestDetail } from '@voirie/domain';
import { useId, type ReactNode } from 'react';
import { COMBINED_TEXTS, combinedAlignmentEntries, trafficOrderGroups } from '../model/combined-forms';
import { RequestSummaryList } from './request-summary-list';
import { DetailGroupList } from './works-details';

function Section({ heading, children }: { heading: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {heading}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * The alignment request a road permission was filed with, under its own heading: the
 * instruction adds its decision there.
 */
export function CombinedAlignment({ request, children }: { request: RequestDetail; children?: ReactNode }) {
  const entries = combinedAlignmentEntries(request);
  if (!entries) return null;
  return (
    <Section heading={COMBINED_TEXTS.alignmentHeading}>
      <RequestSummaryList entries={entries} label={COMBINED_TEXTS.alignmentHeading} />
      {children}
    </Section>
  );
}

/** The traffic-police order filed with the request, and its cerfa view as filed. */
export function TrafficOrderSummary({ request }: { request: RequestDetail }) {
  const groups = trafficOrderGroups(request);
  if (!groups) return null;
  const routeId = encodeURIComponent(request.publicId ?? String(request.id));
  return (
    <Section heading={COMBINED_TEXTS.trafficOrderHeading}>
      <DetailGroupList groups={groups} />
      {/* A plain link: the replica opens in a new tab, outside the app's layout. */}
      <Link href={`/cerfa/14024/${routeId}`} target="_blank" rel="noopener">
        {COMBINED_TEXTS.trafficOrderLink}
      </Link>
    </Section>
  );
}
