/**
 * True when the user's system asks for less motion (`prefers-reduced-motion: reduce`, WCAG
 * 2.3.3): the portal then moves nothing it need not — no MUI transitions nor ripples (ui/theme.ts),
 * no animated map moves (the map jumps where the 2 s animation would have flown).
 */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}
