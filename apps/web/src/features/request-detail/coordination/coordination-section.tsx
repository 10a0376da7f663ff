import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONFLICT_CHECK_LABELS, COORDINATION_MAX_SHOWN, type CoordinationReport } from '@voirie/domain';
import { useId } from 'react';
import { showToast } from '../../../ui';
import { coordinationQueryKey, searchConflicts } from './coordination-api';
import { COORDINATION_TEXTS } from './coordination-texts';
import { TableCaptionHead } from '../../../ui/table-caption-head';

export interface CoordinationSectionProps {
  requestId: number;
  /** The report (GET request/{id}/conflicts), undefined while it loads. */
  report: CoordinationReport | undefined;
  isError: boolean;
}

/** The other works in conflict: one row each, its request a link (opened in a new tab, as the linked requests). */
function ConflictTable({ report }: { report: CoordinationReport }) {
  const { columns } = COORDINATION_TEXTS;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableCaptionHead
          caption={COORDINATION_TEXTS.caption(report.conflicts.length)}
          columns={[
            columns.request,
            columns.dates,
            { label: columns.distance, align: 'right' },
            { label: columns.overlap, align: 'right' },
            columns.state,
          ]}
        />
        <TableBody>
          {report.conflicts.map((conflict) => (
            <TableRow key={conflict.id}>
              <TableCell component="th" scope="row">
                <Link href={`/dossiers/${conflict.publicId}`} target="_blank" rel="noopener">
                  {COORDINATION_TEXTS.requestLink(conflict.id)}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {conflict.address}
                </Typography>
              </TableCell>
              <TableCell>{COORDINATION_TEXTS.dates(conflict.dateStart, conflict.dateEnd)}</TableCell>
              <TableCell align="right">{COORDINATION_TEXTS.distance(conflict.distanceMetres)}</TableCell>
              <TableCell align="right">{conflict.overlapDays}</TableCell>
              <TableCell>{conflict.stateName}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The roads resurfaced recently near the works; received works link to their request. */
function ResurfacingList({ report }: { report: CoordinationReport }) {
  const id = useId();
  return (
    <div>
      <Typography id={id} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {COORDINATION_TEXTS.resurfacingsHeading}
      </Typography>
      <Box component="ul" aria-labelledby={id} sx={{ m: 0, pl: 3 }}>
        {report.resurfacings.map((item) => {
          const text = COORDINATION_TEXTS.resurfacing(item.label, item.resurfacedOn, item.distanceMetres);
          return (
            <li key={`${item.source}-${String(item.id)}`}>
              {item.publicId ? (
                <Link href={`/dossiers/${item.publicId}`} target="_blank" rel="noopener">
                  {text}
                </Link>
              ) : (
                text
              )}
            </li>
          );
        })}
      </Box>
    </div>
  );
}

/**
 * « Coordination des travaux » on the request's page: the rule in force, the searches
 * recorded (at filing, on demand, before the decision), « Rechercher les conflits » for those who
 * may, the other works in conflict as a table, and the recent resurfacings.
 */
export function CoordinationSection({ requestId, report, isError }: CoordinationSectionProps) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const search = useMutation({
    mutationFn: () => searchConflicts(requestId, 'demand'),
    onSuccess: ({ report: found, message }) => {
      queryClient.setQueryData(coordinationQueryKey(requestId), found);
      showToast(message, 'success');
    },
    onError: () => showToast(COORDINATION_TEXTS.failed, 'error'),
  });
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {COORDINATION_TEXTS.heading}
      </Typography>
      {isError && <Alert severity="warning">{COORDINATION_TEXTS.failed}</Alert>}
      {!report && !isError && <Typography>{COORDINATION_TEXTS.loading}</Typography>}
      {report && (
        <>
          <Typography variant="body2">
            {COORDINATION_TEXTS.rule(report.settings.distanceMetres, report.settings.resurfacingYears)}
          </Typography>
          {report.notice && <Alert severity="info">{report.notice}</Alert>}
          {report.checks.length > 0 && (
            <Box component="ul" aria-label={COORDINATION_TEXTS.checksLabel} sx={{ m: 0, pl: 3 }}>
              {report.checks.map((check) => (
                <li key={check.trigger}>
                  {COORDINATION_TEXTS.check(
                    CONFLICT_CHECK_LABELS[check.trigger],
                    check.checkedAt,
                    check.conflictCount,
                    check.checkedBy,
                  )}
                </li>
              ))}
            </Box>
          )}
          {report.abilities.search && (
            <div>
              <Button variant="outlined" loading={search.isPending} onClick={() => search.mutate()}>
                {COORDINATION_TEXTS.search}
              </Button>
            </div>
          )}
          {report.conflicts.length === 0 ? (
            !report.notice && <Typography>{COORDINATION_TEXTS.none}</Typography>
          ) : (
            <ConflictTable report={report} />
          )}
          {report.resurfacings.length > 0 && <ResurfacingList report={report} />}
          {report.limited && (
            <Typography variant="body2">{COORDINATION_TEXTS.limited(COORDINATION_MAX_SHOWN)}</Typography>
          )}
        </>
      )}
    </Box>
  );
}
