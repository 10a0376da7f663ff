import { z } from 'zod';
import { PUBLIC_DOMAIN_PARTS, RECEPTION_OPINIONS, RECEPTION_REFUSAL_REASONS } from '../decision-lists.ts';
import { StateIdSchema } from '../states.ts';
import { bool, num, text } from './common.ts';

/** The works reception of a request, as stored and returned (docs/data-model.md "Entities"). */
export const ReceptionSchema = z.object({
  id: z.number().int(),
  requestId: z.number().int(),
  stateId: StateIdSchema.nullish(),
  /** 12 when the reception was asked again after a first refusal. */
  exState: StateIdSchema.nullish(),
  /** 'Photos' or 'Rendez-vous' (other values of the original are kept as read). */
  option: text,
  avis: z.enum(RECEPTION_OPINIONS).nullish(),
  dateVisite: text,
  motifRefus: z.array(z.enum(RECEPTION_REFUSAL_REASONS)).nullish(),
  motifRefusTxt: text,
  partieDomainePublic: z.array(z.enum(PUBLIC_DOMAIN_PARTS)).nullish(),
  /** Up to three proposed appointments (date-times). */
  rdv1: text,
  rdv2: text,
  rdv3: text,
  /** The chosen proposal, 1 to 3; null while none is chosen. */
  acceptRdv: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullish(),
  roadDisturbance: bool,
  /** The road disturbance's place (or, before one, where the reception was). */
  lat: num,
  lon: num,
  /** The road-disturbance report: the instructor who saw it, what was seen, when. */
  witnessUserId: z.number().int().nullish(),
  witnessName: text,
  disturbanceComment: text,
  disturbanceAt: text,
  /**
   * After a refusal: the day the formal notice's delay ends ('YYYY-MM-DD'), set when the signed
   * formal notice's notification is proven; null before.
   */
  remedyDueOn: text,
  /** The number of this reception's signed formal notice in the register; null: none signed. */
  formalNoticeAct: text,
});
export type Reception = z.infer<typeof ReceptionSchema>;
