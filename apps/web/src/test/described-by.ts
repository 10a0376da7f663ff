/** The texts an input's aria-describedby points to (its hint or its error), as a screen reader reads them. */
export function describedBy(input: HTMLElement): string {
  const ids = input.getAttribute('aria-describedby') ?? '';
  return ids
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}
