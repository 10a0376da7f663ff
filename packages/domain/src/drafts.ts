import { z } from 'zod';
import { RequestKindSchema } from './kinds.ts';
import { isoDateTime } from './schemas/common.ts';
import { WIZARD_STEPS, type WizardStep } from './wizard-steps.ts';

// Drafts of the filing wizard (docs/api-drafts.md): what an account typed in
// the wizard of a new request, kept on the server until it files it or deletes it. The wizard's
// state is the web app's own shape: the server keeps it as given (within DRAFT_LIMITS) and never
// reads it as a request — the filing checks everything again.

/** Limits of the drafts, defined once (the API enforces them, the wizard words them). */
export const DRAFT_LIMITS = {
  /** Drafts one account may keep at once. */
  maxPerAccount: 20,
  /** The wizard state's JSON, in UTF-8 bytes. */
  maxStateBytes: 512 * 1024,
  /** The label shown in the list. */
  labelMax: 120,
} as const;

export const DRAFT_MESSAGES = {
  title: 'Brouillons',
  saved: 'Brouillon enregistré.',
  deleted: 'Brouillon supprimé.',
  notFound: "Ce brouillon n'existe pas.",
  tooMany: `Vous avez déjà ${String(DRAFT_LIMITS.maxPerAccount)} brouillons : supprimez-en un dans « Brouillons » pour en enregistrer un nouveau.`,
  tooLarge: `Ce brouillon est trop volumineux pour être enregistré (${String(DRAFT_LIMITS.maxStateBytes / 1024)} Ko au plus).`,
  noLabel: 'Demande sans adresse',
} as const;

const STEP_NUMBERS = WIZARD_STEPS.map((entry) => entry.step) as [WizardStep, ...WizardStep[]];

/** The size of a wizard state as stored: its JSON in UTF-8 bytes. */
export function draftStateBytes(state: unknown): number {
  return new TextEncoder().encode(JSON.stringify(state) ?? '').length;
}

/** The wizard's state: an object (its fields are the web app's). */
const DraftStateSchema = z.record(z.string(), z.unknown());

/** `POST drafts` and `PUT drafts/{id}`: what the wizard saves. */
export const DraftInputSchema = z.object({
  kind: RequestKindSchema,
  step: z.literal(STEP_NUMBERS),
  label: z.string().trim().max(DRAFT_LIMITS.labelMax),
  state: DraftStateSchema,
});
export type DraftInput = z.infer<typeof DraftInputSchema>;

/** A draft as listed under 'Brouillons'. */
export const DraftSummarySchema = z.object({
  id: z.uuid(),
  kind: RequestKindSchema,
  step: z.literal(STEP_NUMBERS),
  label: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type DraftSummary = z.infer<typeof DraftSummarySchema>;

/** A draft with its wizard state, to resume it. */
export const DraftSchema = DraftSummarySchema.extend({ state: DraftStateSchema });
export type Draft = z.infer<typeof DraftSchema>;
