import type { Cerfa14024 } from '../schemas/cerfa-14024.ts';
import type { Request } from '../schemas/request.ts';
import type { CerfaForm, CerfaFormType } from './cerfa-fields.ts';
import { cerfa14023Form } from './cerfa-14023-form.ts';
import { cerfa14024Form } from './cerfa-14024-form.ts';

/** The form of this type filled with the request (its 14024 part when it has one). */
export function cerfaForm(
  type: CerfaFormType,
  request: Request,
  cerfa14024?: Partial<Cerfa14024> | null,
): CerfaForm {
  return type === '14023' ? cerfa14023Form(request) : cerfa14024Form(request, cerfa14024);
}
