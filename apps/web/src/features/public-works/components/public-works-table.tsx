import MapIcon from '@mui/icons-material/Map';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { TableCaptionHead } from '../../../ui/table-caption-head';
import type { MapFeatureId } from '../../map';
import { PUBLIC_WORKS_TEXTS as T } from '../model/public-works-texts';
import {
  publicWorkPeriod,
  publicWorkPlace,
  publicWorkStatus,
  type PublicWork,
} from '../model/public-works-view';

interface PublicWorksTableProps {
  works: readonly PublicWork[];
  /** 'Voir sur la carte' on a row: the map selects and centres the works site. */
  onLocate: (id: MapFeatureId) => void;
}

/** The works as a table: the map's text equivalent, read and navigated without a mouse. */
export function PublicWorksTable({ works, onLocate }: PublicWorksTableProps) {
  const C = T.columns;
  return (
    // A wide table scrolls inside its own box on a phone (focusable, so the keyboard scrolls it).
    <Box
      role="region"
      aria-label={T.table}
      tabIndex={0}
      sx={{ overflowX: 'auto', '&:focus-visible': { outline: '3px solid #0a76f6' } }}
    >
      <Table size="small">
        <TableCaptionHead
          caption={T.table}
          columns={[C.place, C.nature, C.dates, C.status, C.operator, C.impact, C.order, C.map]}
        />
        <TableBody>
          {works.map((work) => {
            const properties = work.properties;
            const place = publicWorkPlace(properties);
            return (
              <TableRow key={work.id}>
                <TableCell component="th" scope="row">
                  {place}
                </TableCell>
                <TableCell>{properties.nature}</TableCell>
                <TableCell>{publicWorkPeriod(properties)}</TableCell>
                <TableCell>{publicWorkStatus(properties)}</TableCell>
                <TableCell>{properties.operateur ?? '—'}</TableCell>
                <TableCell>{properties.impact_circulation}</TableCell>
                <TableCell>
                  {properties.acte_publie ? (
                    // Its page as published (stamp, hash) once it is, else the signed PDF.
                    <Link href={properties.acte_publie} aria-label={T.publishedTrafficOrderOf(place)}>
                      {T.publishedTrafficOrder}
                    </Link>
                  ) : properties.arrete_circulation ? (
                    <Link
                      href={properties.arrete_circulation}
                      aria-label={T.trafficOrderOf(place)}
                      target="_blank"
                      rel="noopener"
                    >
                      {T.trafficOrder}
                    </Link>
                  ) : (
                    '—'
                  )}
                </TableCell>
                <TableCell>
                  {work.geometry && (
                    <Tooltip title={T.locate(place)}>
                      <IconButton aria-label={T.locate(place)} onClick={() => onLocate(work.id)} size="small">
                        <MapIcon />
                      </IconButton>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
