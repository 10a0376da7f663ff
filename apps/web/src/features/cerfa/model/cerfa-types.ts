/** The printable forms (docs/screens.md "Cerfa view"). */
export const CERFA_TYPES = ['14023', '14024'] as const;
export type CerfaType = (typeof CERFA_TYPES)[number];

export function isCerfaType(value: string): value is CerfaType {
  return (CERFA_TYPES as readonly string[]).includes(value);
}
