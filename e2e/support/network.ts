import type { Page } from '@playwright/test';

/**
 * Holds the page's requests matching `url` until `release()` is called (then they go to the
 * real server unchanged): lets a test look at a page that moves on as soon as its call
 * answers, such as the e-mail validation page.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<{ release: () => void }> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  // Left in place once released (unrouting would race the held request): later ones pass at once.
  await page.route(url, async (route) => {
    await gate;
    await route.continue();
  });
  return { release: () => open() };
}

/** Counts the page's requests to an API path (method and path), from now on. */
export function countRequests(page: Page, method: string, pathname: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname === pathname) count += 1;
  });
  return () => count;
}

/**
 * Opens the window that `open` asks for (a PDF) and returns the address it loaded. The headless
 * shell the journeys run in has no PDF viewer: such a window downloads the file, and its own
 * address stays empty; the request it made says where it went.
 */
export async function openedWindowUrl(
  page: Page,
  url: RegExp,
  open: () => Promise<unknown>,
  timeout = 30_000,
): Promise<string> {
  const requested = page.context().waitForEvent('request', {
    predicate: (request) => request.isNavigationRequest() && url.test(request.url()),
    timeout,
  });
  const [popup] = await Promise.all([page.waitForEvent('popup', { timeout }), open()]);
  const request = await requested;
  if (request.frame().page() !== popup)
    throw new Error(`${request.url()} : chargé hors de la nouvelle fenêtre`);
  await popup.close();
  return request.url();
}
