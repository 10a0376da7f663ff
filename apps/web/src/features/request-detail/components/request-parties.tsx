import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { isIndividualNature, locationDisplay, type Party } from '@voirie/domain';
import { useId } from 'react';

export const PARTIES_TEXTS = {
  petitioner: 'Demandeur',
  beneficiary: 'Bénéficiaire',
  nature: 'Statut',
  name: 'Nom',
  corporationName: 'Raison sociale',
  siret: 'N° SIRET',
  agent: 'Représentant',
  address: 'Adresse',
  phone: 'Téléphone',
  email: 'Adresse e-mail',
} as const;

interface PartyRow {
  label: string;
  value: string;
}

const joined = (separator: string, ...parts: (string | null | undefined)[]) =>
  parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(separator);

/** A party's filled-in details, in the wizard's order: a person's name, or a company and its agent. */
function partyRows(party: Party): PartyRow[] {
  const individual = isIndividualNature(party.nature);
  const town = joined(' ', party.addressPostalCode, party.addressCity);
  const rows: PartyRow[] = [
    { label: PARTIES_TEXTS.nature, value: party.nature ?? '' },
    ...(individual
      ? [{ label: PARTIES_TEXTS.name, value: joined(' ', party.title, party.firstName, party.lastName) }]
      : [
          { label: PARTIES_TEXTS.corporationName, value: party.corporationName ?? '' },
          { label: PARTIES_TEXTS.siret, value: party.corporationSiret ?? '' },
          {
            label: PARTIES_TEXTS.agent,
            value: joined(' ', party.corporationAgentTitle, party.corporationAgent),
          },
        ]),
    { label: PARTIES_TEXTS.address, value: joined(', ', locationDisplay(party), party.place, town) },
    { label: PARTIES_TEXTS.phone, value: joined(' ', party.phoneIndicative, party.phone) },
    { label: PARTIES_TEXTS.email, value: party.email ?? '' },
  ];
  return rows.filter((row) => row.value.trim() !== '');
}

function PartyBlock({ heading, party }: { heading: string; party: Party }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        {heading}
      </Typography>
      <Box
        component="dl"
        aria-labelledby={headingId}
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 1, rowGap: 0.5, m: 0 }}
      >
        {partyRows(party).map(({ label, value }) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" sx={{ fontWeight: 600 }}>
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * The request's applicant and, when the request names one, its beneficiary (docs/screens.md "Filing wizard",
 * docs/data-model.md "Entities"): who asks, and for whom the permission or the alignment is.
 */
export function RequestParties({
  petitioner,
  beneficiary,
}: {
  petitioner?: Party | null;
  beneficiary?: Party | null;
}) {
  if (!petitioner && !beneficiary) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: 'repeat(2, minmax(0, 1fr))' } }}>
      {petitioner && <PartyBlock heading={PARTIES_TEXTS.petitioner} party={petitioner} />}
      {beneficiary && <PartyBlock heading={PARTIES_TEXTS.beneficiary} party={beneficiary} />}
    </Box>
  );
}
