import { z } from 'zod';
import { TRANSFER_BACK_REQUIRED_TYPE_IDS } from '../documents.ts';
import {
  PUBLIC_DOMAIN_PARTS,
  RECEPTION_OPINIONS,
  RECEPTION_OPTIONS,
  RECEPTION_REFUSAL_REASONS,
  REORIENTATION_TARGETS,
} from '../decision-lists.ts';
import { optionValues } from '../lists.ts';
import { UI_LIMITS } from '../map-settings.ts';
import { VALIDATION_MESSAGES, isoDate, isoDateTime, optionalText, requiredEmail } from './common.ts';
import { DatabaseIdSchema, databaseId } from './ids.ts';
import { worksDatesSchema } from './filing.ts';

// Inputs of the workflow actions that carry data (see workflow.ts). The decision inputs are
// in decision.ts.

export const WORKFLOW_INPUT_MESSAGES = {
  missingDocumentsRequired: 'Veuillez sélectionner au moins une pièce manquante',
  transferBackNeeds85And101:
    'Les pièces 85 et 101 doivent être marquées manquantes pour transférer la demande au demandeur',
  appointmentsRequired: 'Veuillez proposer au moins un rendez-vous',
  appointmentsMax: `Vous ne pouvez pas proposer plus de ${UI_LIMITS.maxAppointments} rendez-vous`,
  appointmentNotProposed: "Ce rendez-vous n'a pas été proposé",
  refusalReasonRequired: 'Veuillez choisir au moins un motif de refus',
  receptionPhotosRequired: 'Veuillez joindre la photo et la photo complémentaire',
  receptionPhotosOnly: 'La réception est déjà demandée : seules des photos peuvent encore être envoyées',
  appointmentInPast: 'Un rendez-vous proposé doit être dans le futur',
  witnessRequired: "Veuillez choisir l'instructeur qui a constaté la perturbation",
  placeRequired: 'Veuillez indiquer le lieu de la perturbation sur la carte',
  receptionOptionRequired: 'Veuillez choisir une option de réception',
  opinionRequired: 'Veuillez choisir un avis',
} as const;

/** Request completeness: missing document types, a comment and a date; optionally a transfer back. */
export const RequestCompletenessInputSchema = z
  .object({
    missingDocuments: z.array(DatabaseIdSchema).min(1, WORKFLOW_INPUT_MESSAGES.missingDocumentsRequired),
    comment: optionalText(4000),
    date: isoDate,
    /**
     * Transfer back to the applicant: needs types 85 and 101 both marked missing
     * (docs/validation.md "Completeness dialog").
     */
    transferBack: z.boolean().default(false),
  })
  .superRefine((input, ctx) => {
    if (
      input.transferBack &&
      !TRANSFER_BACK_REQUIRED_TYPE_IDS.every((id) => input.missingDocuments.includes(id))
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['missingDocuments'],
        message: WORKFLOW_INPUT_MESSAGES.transferBackNeeds85And101,
      });
    }
  });
export type RequestCompletenessInput = z.infer<typeof RequestCompletenessInputSchema>;

/** Reorientation: the chosen target and the mailbox it resolved to. */
export const ReorientInputSchema = z.object({
  target: z.enum(optionValues(REORIENTATION_TARGETS)).optional(),
  reorientationMail: requiredEmail,
});
export type ReorientInput = z.infer<typeof ReorientInputSchema>;

/** The signatory's refusal, with an optional reason shown to instructors. */
export const SignatureRefusedInputSchema = z.object({ comment: optionalText(4000) });

/** Reception request: Photos (two photos needed) or Rendez-vous. */
export const RequestReceptionInputSchema = z.object({
  option: z.enum(RECEPTION_OPTIONS, { error: WORKFLOW_INPUT_MESSAGES.receptionOptionRequired }),
  /** Document types uploaded with this request (the photos 104 and 105). */
  uploadedTypeIds: z.array(DatabaseIdSchema).default([]),
});
export type RequestReceptionInput = z.infer<typeof RequestReceptionInputSchema>;

/**
 * Appointment proposals: one to three date-times, each after `now` — the server's clock, set by
 * the service (the domain never reads the clock; a client's `now` is overwritten).
 */
export const ProposeAppointmentsInputSchema = z
  .object({
    appointments: z
      .array(isoDateTime)
      .min(1, WORKFLOW_INPUT_MESSAGES.appointmentsRequired)
      .max(UI_LIMITS.maxAppointments, WORKFLOW_INPUT_MESSAGES.appointmentsMax),
    now: isoDateTime.optional(),
  })
  .superRefine((input, ctx) => {
    if (!input.now) return;
    const now = Date.parse(input.now);
    input.appointments.forEach((appointment, index) => {
      if (!(Date.parse(appointment) > now))
        ctx.addIssue({
          code: 'custom',
          path: ['appointments', index],
          message: WORKFLOW_INPUT_MESSAGES.appointmentInPast,
        });
    });
  })
  .transform(({ appointments }) => ({ appointments }));
export type ProposeAppointmentsInput = z.infer<typeof ProposeAppointmentsInputSchema>;

/** The applicant's choice among the proposals (1 to 3). */
export const ChooseAppointmentInputSchema = z.object({
  choice: z.union([z.literal(1), z.literal(2), z.literal(3)], {
    error: WORKFLOW_INPUT_MESSAGES.appointmentNotProposed,
  }),
});
export type ChooseAppointmentInput = z.infer<typeof ChooseAppointmentInputSchema>;

/** The instructor's reception outcome; a refusal needs a reason, 'autre' a text. */
export const RecordReceptionInputSchema = z
  .object({
    avis: z.enum(RECEPTION_OPINIONS, { error: WORKFLOW_INPUT_MESSAGES.opinionRequired }),
    dateVisite: isoDate.nullish(),
    motifRefus: z.array(z.enum(RECEPTION_REFUSAL_REASONS)).default([]),
    motifRefusTxt: optionalText(4000),
    partieDomainePublic: z.array(z.enum(PUBLIC_DOMAIN_PARTS)).default([]),
  })
  .superRefine((input, ctx) => {
    if (input.avis !== 'refusé') return;
    if (input.motifRefus.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['motifRefus'],
        message: WORKFLOW_INPUT_MESSAGES.refusalReasonRequired,
      });
    }
    if (input.motifRefus.includes('autre') && !input.motifRefusTxt) {
      ctx.addIssue({
        code: 'custom',
        path: ['motifRefusTxt'],
        message: VALIDATION_MESSAGES.otherDetailsRequired,
      });
    }
  });
export type RecordReceptionInput = z.infer<typeof RecordReceptionInputSchema>;

/**
 * Extension dialog: new start and end dates; the day count must be above 0 (docs/validation.md
 * "Extension dialog").
 */
export const ExtendInputSchema = worksDatesSchema(1);
export type ExtendInput = z.infer<typeof ExtendInputSchema>;

/** What `POST request/{id}/reorient` is sent: the target only (the server resolves its mailbox). */
export const ReorientRequestSchema = z.object({ target: z.enum(optionValues(REORIENTATION_TARGETS)) });
export type ReorientRequest = z.infer<typeof ReorientRequestSchema>;

/** A reorientation target and the mailbox the server would send to (null: not configured). */
export const ReorientationChoiceSchema = z.object({
  value: z.enum(optionValues(REORIENTATION_TARGETS)),
  label: z.string(),
  mail: z.string().nullable(),
});
export type ReorientationChoice = z.infer<typeof ReorientationChoiceSchema>;

/**
 * A road-disturbance report (docs/screens.md "Request detail"): the instructor who saw it, what was
 * seen, and the place picked on the map. The photos (type 111) come as files beside it.
 */
export const RoadDisturbanceInputSchema = z.object({
  witnessId: databaseId(WORKFLOW_INPUT_MESSAGES.witnessRequired),
  comment: optionalText(4000),
  lat: z.number({ error: WORKFLOW_INPUT_MESSAGES.placeRequired }).min(41).max(51.5),
  lon: z.number({ error: WORKFLOW_INPUT_MESSAGES.placeRequired }).min(-5.8).max(10),
});
export type RoadDisturbanceInput = z.infer<typeof RoadDisturbanceInputSchema>;
