import EditIcon from '@mui/icons-material/Edit';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { CityItem } from '../api/recipients-api';
import { ActionsCell, ColumnHead } from '../../../ui/table-parts';
import { useDialogTarget } from '../hooks/use-dialog-target';
import { RECIPIENTS_TEXTS } from '../model/recipients-texts';
import { CityMailsDialog } from './city-mails-dialog';

/** An e-mail cell: the address, or said in words when there is none. */
function MailCell(props: { value: string | null }) {
  return (
    <TableCell>
      {props.value ?? (
        <Typography component="span" variant="body2" sx={{ fontStyle: 'italic' }}>
          {RECIPIENTS_TEXTS.notSet}
        </Typography>
      )}
    </TableCell>
  );
}

/**
 * 'Contacts' (docs/api-recipients.md "The screen"): each member town with its mayor's-office and
 * municipal-police e-mails, and an edit button per town opening the e-mails dialog.
 */
export function CityMailsTable(props: { cities: readonly CityItem[] }) {
  const headingId = useId();
  const editing = useDialogTarget<CityItem>();
  return (
    <section aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        {RECIPIENTS_TEXTS.contacts}
      </Typography>
      <Table size="small" aria-labelledby={headingId}>
        <ColumnHead
          columns={[
            RECIPIENTS_TEXTS.commune,
            RECIPIENTS_TEXTS.mailMairie,
            RECIPIENTS_TEXTS.mailPM,
            { label: RECIPIENTS_TEXTS.actions, align: 'right' },
          ]}
        />
        <TableBody>
          {props.cities.map((city) => (
            <TableRow key={city.id}>
              <TableCell component="th" scope="row">
                {city.name}
              </TableCell>
              <MailCell value={city.mailMairie ?? null} />
              <MailCell value={city.mailPM ?? null} />
              <ActionsCell
                actions={[
                  {
                    label: RECIPIENTS_TEXTS.editLabel(city.name),
                    icon: <EditIcon />,
                    onClick: () => editing.show(city),
                  },
                ]}
              />
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <CityMailsDialog open={editing.open} city={editing.target} onClose={editing.close} />
    </section>
  );
}
