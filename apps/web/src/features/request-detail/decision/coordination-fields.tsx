import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { coordinationPrescriptionDraft } from '@voirie/domain';
import { useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { coordinationQueryKey, searchConflicts } from '../coordination/coordination-api';
import { COORDINATION_TEXTS } from '../coordination/coordination-texts';
import type { DecisionFormValues } from './decision-form';
import { DecisionText } from './decision-inputs';

interface Props {
  requestId: number;
  control: Control<DecisionFormValues>;
  setValue: UseFormSetValue<DecisionFormValues>;
}

/**
 * The coordination part of a permission's decision. The dialog searches the conflicts
 * as it opens (recorded « avant la décision »); a favourable decision in conflict is warned about
 * (an alert, before 'Enregistrer') and may carry a coordination prescription the order prints —
 * a first wording is offered from what the search found. A failed search never blocks the decision.
 */
export function CoordinationFields({ requestId, control, setValue }: Props) {
  const favourable = useWatch({ control, name: 'isFavorable' }) === 'true';
  const { data: report } = useQuery({
    queryKey: [...coordinationQueryKey(requestId), 'decision'],
    queryFn: async () => (await searchConflicts(requestId, 'decision')).report,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  if (!favourable) return null;
  const conflicts = report?.conflicts ?? [];
  const latest = [...(report?.resurfacings ?? [])].sort((a, b) =>
    b.resurfacedOn.localeCompare(a.resurfacedOn),
  )[0];
  const draft = report ? coordinationPrescriptionDraft(report) : '';
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {report && (conflicts.length > 0 || latest) && (
        <Alert severity="warning" role="alert">
          <AlertTitle>{COORDINATION_TEXTS.warningTitle}</AlertTitle>
          {conflicts.length > 0 && (
            <>
              {COORDINATION_TEXTS.warning(conflicts.length)}
              <Box component="ul" sx={{ m: 0, pl: 3 }}>
                {conflicts.map((conflict) => (
                  <li key={conflict.id}>
                    {COORDINATION_TEXTS.conflictLine(
                      conflict.id,
                      conflict.dateStart,
                      conflict.dateEnd,
                      conflict.distanceMetres,
                      conflict.overlapDays,
                    )}
                  </li>
                ))}
              </Box>
            </>
          )}
          {latest && (
            <div>
              {COORDINATION_TEXTS.resurfacingWarning(latest.resurfacedOn, report.settings.resurfacingYears)}
            </div>
          )}
        </Alert>
      )}
      <DecisionText
        control={control}
        name="prescriptionCoordination"
        id="decision-prescriptionCoordination"
        label={COORDINATION_TEXTS.prescription}
        hint={COORDINATION_TEXTS.prescriptionHint}
        multiline
      />
      {draft && (
        <div>
          <Button
            variant="outlined"
            onClick={() => setValue('prescriptionCoordination', draft, { shouldDirty: true })}
          >
            {COORDINATION_TEXTS.suggest}
          </Button>
        </div>
      )}
    </Box>
  );
}
