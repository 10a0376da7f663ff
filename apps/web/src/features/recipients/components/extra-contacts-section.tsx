import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { Contact } from '@voirie/domain';
import { useId, useState } from 'react';
import { contactsQueryOptions } from '../api/recipients-api';
import { ActionsCell, ColumnHead, EmptyRow } from '../../../ui/table-parts';
import { useDialogTarget } from '../hooks/use-dialog-target';
import { RECIPIENTS_TEXTS } from '../model/recipients-texts';
import { AddContactDialog } from './add-contact-dialog';
import { DeleteContactDialog } from './delete-contact-dialog';

/**
 * 'Contacts supplémentaires' (docs/api-recipients.md "The screen"): a collapsible section listing
 * the extra recipients (Commune | Email | Actions), with 'Ajouter' and a delete button per contact,
 * for admins.
 */
export function ExtraContactsSection(props: { towns: readonly string[] }) {
  const headingId = useId();
  const panelId = useId();
  const contacts = useQuery(contactsQueryOptions());
  const [adding, setAdding] = useState(false);
  const deleting = useDialogTarget<Contact>();
  return (
    <Accordion sx={{ mb: 3 }} slotProps={{ heading: { component: 'h2' } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={headingId} aria-controls={panelId}>
        <Typography component="span" variant="h6">
          {RECIPIENTS_TEXTS.extraContacts}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} sx={{ mb: 2 }}>
          {RECIPIENTS_TEXTS.add}
        </Button>
        {contacts.isError ? <Alert severity="error">{RECIPIENTS_TEXTS.loadFailed}</Alert> : null}
        <Table size="small" aria-labelledby={headingId}>
          <ColumnHead
            columns={[
              RECIPIENTS_TEXTS.commune,
              RECIPIENTS_TEXTS.email,
              { label: RECIPIENTS_TEXTS.actions, align: 'right' },
            ]}
          />
          <TableBody>
            {contacts.data?.length === 0 ? <EmptyRow columns={3} text={RECIPIENTS_TEXTS.noContact} /> : null}
            {(contacts.data ?? []).map((contact) => (
              <TableRow key={contact.id}>
                <TableCell>{contact.name}</TableCell>
                <TableCell>{contact.email}</TableCell>
                <ActionsCell
                  actions={[
                    {
                      label: RECIPIENTS_TEXTS.deleteLabel(contact.email),
                      icon: <DeleteIcon />,
                      onClick: () => deleting.show(contact),
                    },
                  ]}
                />
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </AccordionDetails>
      <AddContactDialog open={adding} towns={props.towns} onClose={() => setAdding(false)} />
      <DeleteContactDialog open={deleting.open} contact={deleting.target} onClose={deleting.close} />
    </Accordion>
  );
}
