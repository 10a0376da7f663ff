import {
  isAlignmentKind,
  AttestationStepSchema,
  cerfa14023InputSchema,
  Cerfa14024InputSchema,
  IndividualAlignmentRequestInputSchema,
  locationStepSchema,
  partiesStepSchema,
  trafficOrderFilingIssues,
  worksDatesSchema,
  type DocumentType,
  type RequestKind,
  type WizardStep,
} from '@voirie/domain';
import type { z } from 'zod';
import { documentErrors, documentSections } from './documents-step';
import {
  alignmentInput,
  asksTrafficOrder,
  attestationInput,
  cerfaInput,
  locationInput,
  partiesInput,
  trafficOrderInput,
  worksFormOf,
} from './filing-payload';
import type { StepDrafts } from './step-drafts';
import type { LocationDraft } from './wizard-state';

// Each step checked by the domain's own schema (the server checks the same): the errors are
// keyed by the field's path ('addressCity', 'adresses.1.addressName', 'cerfa.themes',
// 'petitioner.email', 'dates.dateEnd', 'documents.3', 'attestation.madeIn').

export type StepErrors = Partial<Record<string, string>>;

/** What a step's check needs besides the drafts. */
export interface StepCheckInput {
  kind: RequestKind;
  location: LocationDraft;
  drafts: StepDrafts;
  /** False on the update of a request in state 8 (no footprint required). */
  requireGeometry: boolean;
  /** GET typedocument; step 5 is not checked until it has answered. */
  documentTypes: readonly DocumentType[] | undefined;
  /** On update: the types the instructor asked for. */
  missingDocuments: readonly number[] | null;
}

/** The first message of each path, the paths prefixed. */
export function issuesToErrors(issues: readonly z.core.$ZodIssue[], prefix = ''): StepErrors {
  const errors: StepErrors = {};
  for (const issue of issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || prefix || 'form';
    errors[path] ??= issue.message;
  }
  return errors;
}

function check(schema: z.ZodType, value: unknown, prefix: string): StepErrors {
  const result = schema.safeParse(value);
  return result.success ? {} : issuesToErrors(result.error.issues, prefix);
}

/** The 14024's own checks, then those against the request (the server's, docs/api-filing.md). */
function trafficOrderErrors(drafts: StepDrafts): StepErrors {
  const form = trafficOrderInput(drafts.trafficOrder);
  const issues = trafficOrderFilingIssues(
    { dateRegulation: typeof form.dateRegulation === 'string' ? form.dateRegulation : null },
    { cerfa1402301: worksFormOf(drafts), dateStart: drafts.dates.dateStart },
  );
  const errors = check(Cerfa14024InputSchema, form, 'trafficOrder');
  for (const issue of issues) errors[['trafficOrder', ...issue.path].join('.')] ??= issue.message;
  return errors;
}

/** The errors of one step; empty when the user may move on. */
export function validateStep(step: WizardStep, input: StepCheckInput): StepErrors {
  const { kind, drafts } = input;
  switch (step) {
    case 1:
      return check(
        locationStepSchema({ requireGeometry: input.requireGeometry }),
        locationInput(input.location, drafts, kind),
        '',
      );
    case 2:
      return isAlignmentKind(kind)
        ? {}
        : check(cerfa14023InputSchema(kind), cerfaInput(drafts.cerfa), 'cerfa');
    case 3:
      return check(partiesStepSchema(kind), partiesInput(drafts), '');
    case 4:
      // Kind 2 skips step 2 (docs/screens.md "Filing wizard"): its reason is asked here, with the
      // dates; so is the alignment a permission asks too, and its traffic-police order.
      return {
        ...check(worksDatesSchema(kind), drafts.dates, 'dates'),
        ...(isAlignmentKind(kind) || drafts.withAlignment
          ? check(IndividualAlignmentRequestInputSchema, alignmentInput(drafts.alignment), 'alignment')
          : {}),
        ...(asksTrafficOrder(kind, drafts) ? trafficOrderErrors(drafts) : {}),
      };
    case 5: {
      if (!input.documentTypes) return {};
      const sections = documentSections(input.documentTypes, {
        kind,
        themes: drafts.cerfa.themes,
        missing: input.missingDocuments,
      });
      return documentErrors(sections, Object.keys(drafts.files).map(Number));
    }
    case 6:
      return check(AttestationStepSchema, attestationInput(drafts.attestation), 'attestation');
  }
}
