import type { WizardStep } from '@voirie/domain';
import type { StepErrors } from './step-validation';

// A filing the server refused (400 VALIDATION, docs/api-filing.md) names each reason by its
// payload path: the wizard shows them under the fields, on the first step that has one.

/** Payload group -> the wizard's step and error-key prefix. */
const GROUPS: Readonly<Record<string, { step: WizardStep; prefix: string }>> = {
  location: { step: 1, prefix: '' },
  cerfa1402301: { step: 2, prefix: 'cerfa.' },
  // Kind 2 skips step 2: its reason is asked with the dates.
  individualAlignmentRequest: { step: 4, prefix: 'alignment.' },
  // A permission's alignment (above) and its traffic-police order are asked at step 4 too.
  cerfa14024: { step: 4, prefix: 'trafficOrder.' },
  parties: { step: 3, prefix: '' },
  dates: { step: 4, prefix: 'dates.' },
  documents: { step: 5, prefix: 'documents.' },
  attestation: { step: 6, prefix: 'attestation.' },
};

/** The first step with a refused field and its errors; null when no path is known. */
export function serverErrorsByStep(
  errors: readonly { path?: string; message: string }[] | undefined,
): { step: WizardStep; errors: StepErrors } | null {
  let found: { step: WizardStep; errors: StepErrors } | null = null;
  for (const error of errors ?? []) {
    const [group = '', ...rest] = (error.path ?? '').split('.');
    const target = GROUPS[group];
    if (!target || rest.length === 0) continue;
    if (found && target.step > found.step) continue;
    if (!found || target.step < found.step) found = { step: target.step, errors: {} };
    found.errors[`${target.prefix}${rest.join('.')}`] ??= error.message;
  }
  return found;
}
