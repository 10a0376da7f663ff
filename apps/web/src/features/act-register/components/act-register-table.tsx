import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import {
  PUBLIC_ACTS_URLS,
  isNotifiedNature,
  parisDateTime,
  signatoryLine,
  type RegisteredAct,
} from '@voirie/domain';
import { RouterLink } from '../../../ui';
import { actesPackageUrl, certificateUrl, signedPdfUrl } from '../api/act-register-api';
import { TableCaptionHead } from '../../../ui/table-caption-head';
import { EmptyRow } from '../../../ui/table-parts';
import { ACT_REGISTER_TEXTS as T } from '../model/act-register-texts';
import { ShortText } from './short-text';
import { ActPublicationCell } from './act-publication-cell';
import { ActTransmissionCell } from './act-transmission-cell';

/** The proven notification's date and mode (or the publication); a dash, said to screen readers, until then. */
function NotificationCell({ act }: { act: RegisteredAct }) {
  if (act.publication) return <ActPublicationCell act={act} publication={act.publication} />;
  if (act.notifiedAt !== null && act.notificationMode !== null) {
    return (
      <>
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {parisDateTime(act.notifiedAt)}
        </Box>{' '}
        ({T.notificationMode(act.notificationMode)})
      </>
    );
  }
  const label = isNotifiedNature(act.nature) ? T.notNotifiedLabel : T.notNotifiedNature;
  return <ShortText text={T.notRecorded} label={label} />;
}

/** One act: its number, nature, subject, town, signature, who signed and who recorded it, and its links. */
function ActRow({ act }: { act: RegisteredAct }) {
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap', fontWeight: 'bold' }}>
        {act.number}
      </TableCell>
      <TableCell>{act.natureLabel}</TableCell>
      <TableCell>{act.subject}</TableCell>
      <TableCell>{act.town ?? ''}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{parisDateTime(act.signedAt)}</TableCell>
      <TableCell>{signatoryLine(act)}</TableCell>
      <TableCell>{act.recordedBy ?? ''}</TableCell>
      <TableCell>
        <NotificationCell act={act} />
      </TableCell>
      <TableCell>
        <ActTransmissionCell act={act} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <RouterLink to="/dossiers/$id" params={{ id: act.requestPublicId }}>
          {T.requestLink(act.requestId)}
        </RouterLink>
        {act.documentId !== null && (
          <>
            {' · '}
            <Link href={signedPdfUrl(act.documentId)} download aria-label={T.pdfLabel(act.number)}>
              {T.pdf}
            </Link>
          </>
        )}
        {act.publication?.publishedAt && (
          <>
            {' · '}
            <Link href={PUBLIC_ACTS_URLS.page(act.number)} aria-label={T.publicPageLabel(act.number)}>
              {T.publicPage}
            </Link>
          </>
        )}
        {' · '}
        <Link href={certificateUrl(act.number)} download aria-label={T.certificateLabel(act.number)}>
          {T.certificate}
        </Link>
        {act.transmission.required && act.documentId !== null && (
          <>
            {' · '}
            <Link href={actesPackageUrl(act.number)} download aria-label={T.actesPackageLabel(act.number)}>
              {T.actesPackage}
            </Link>
          </>
        )}
      </TableCell>
    </TableRow>
  );
}

/** The register's page of acts, with its caption and column headers. */
export function ActRegisterTable({ acts, total }: { acts: readonly RegisteredAct[]; total: number }) {
  return (
    <TableContainer>
      <Table size="small">
        <TableCaptionHead caption={T.tableCaption(total)} columns={T.columns} />
        <TableBody>
          {acts.length === 0 ? (
            <EmptyRow columns={T.columns.length} text={T.empty} />
          ) : (
            acts.map((act) => <ActRow key={act.number} act={act} />)
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
