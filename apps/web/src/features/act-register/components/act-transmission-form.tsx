import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ACT_NATURE_LABELS, TRANSMISSIBLE_NATURES, type TransmissibleNature } from '@voirie/domain';
import { useId, useState, type FormEvent } from 'react';
import { showToast } from '../../../ui';
import { saveTransmission, transmissionQueryOptions } from '../api/act-register-api';
import { ACT_REGISTER_TEXTS as T } from '../model/act-register-texts';
import { SaveButton } from './short-text';

function NaturesForm({ natures }: { natures: readonly TransmissibleNature[] }) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<readonly TransmissibleNature[]>(natures);
  const save = useMutation({
    mutationFn: () => saveTransmission({ natures: [...chosen] }),
    onSuccess: async (answer) => {
      showToast(answer.message, 'success');
      await queryClient.invalidateQueries({ queryKey: ['acts'] });
    },
  });
  const toggle = (nature: TransmissibleNature, on: boolean) =>
    setChosen((current) => (on ? [...current, nature] : current.filter((item) => item !== nature)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 1, maxWidth: 640 }}>
      <FormGroup role="group" aria-label={T.transmittedNatures}>
        {TRANSMISSIBLE_NATURES.map((nature) => (
          <FormControlLabel
            key={nature}
            label={ACT_NATURE_LABELS[nature]}
            control={
              <Checkbox checked={chosen.includes(nature)} onChange={(_event, on) => toggle(nature, on)} />
            }
          />
        ))}
      </FormGroup>
      <SaveButton pending={save.isPending} />
    </Box>
  );
}

/** « Transmission au préfet » (administrators): the natures whose acts are sent to the prefect. */
export function ActTransmissionSection() {
  const headingId = useId();
  const { data } = useQuery(transmissionQueryOptions());
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 2 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {T.transmissionHeading}
      </Typography>
      <Typography variant="body2">{T.transmissionHelp}</Typography>
      {data && <NaturesForm key={data.natures.join()} natures={data.natures} />}
    </Box>
  );
}
