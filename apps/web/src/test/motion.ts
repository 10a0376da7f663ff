/** The user's system asks for reduced motion (setup.ts matches only the min-width queries). */
export function askForReducedMotion(): void {
  const usual = window.matchMedia.bind(window);
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      ...usual(query),
      matches: query === '(prefers-reduced-motion: reduce)' || usual(query).matches,
    }),
  });
}
