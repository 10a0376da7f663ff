import { randomBytes, randomInt } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { linkIn, waitForMail } from './mailbox.ts';
import { STRONG_PASSWORD, TEXTS } from './texts.ts';

/**
 * A form field by its accessible name. Not getByLabel with `exact`: the label's text also
 * holds the required asterisk (hidden from assistive technology, so not part of the name).
 */
export function field(page: Page, name: string) {
  return page.getByRole('textbox', { name, exact: true });
}

/** An address no other test uses (the database lives for the whole run). */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}@exemple.fr`;
}

/**
 * A SIRET no other run uses, with its Luhn key. Each journey starts its own with another digit,
 * so that two journeys never draw the same.
 */
export function uniqueSiret(firstDigit: string): string {
  const body = `${firstDigit}${String(randomInt(10 ** 10, 10 ** 11))}0`;
  for (let key = 0; key < 10; key += 1) {
    const candidate = `${body}${String(key)}`;
    const sum = [...candidate].reduceRight((total, digit, index) => {
      const doubled = (13 - index) % 2 === 1 ? Number(digit) * 2 : Number(digit);
      return total + (doubled > 9 ? doubled - 9 : doubled);
    }, 0);
    if (sum % 10 === 0) return candidate;
  }
  throw new Error('unreachable');
}

/** Today in Paris, DD/MM/YYYY: the day the date fields show and take. */
export function todayFr(): string {
  return new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris' }).format(new Date());
}

/** The toast (MUI Snackbar alert) carrying a text. */
export function toast(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

/** Fills and submits the sign-in form (the login page must be open). */
export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await field(page, 'Adresse e-mail').fill(email);
  await field(page, 'Mot de passe').fill(password);
  await page.getByRole('button', { name: "Je m'identifie" }).click();
}

/** Opens /login and signs in; ends on the list page with the success toast. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await fillSignIn(page, email, password);
  await expect(toast(page, TEXTS.loginSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/dossiers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Localisation des demandes' })).toBeVisible();
}

/** Fills the sign-up form and submits it: the data-protection notice opens. */
export async function fillRegistration(
  page: Page,
  email: string,
  password = STRONG_PASSWORD,
  confirmation = password,
): Promise<void> {
  await field(page, 'Adresse e-mail').fill(email);
  await field(page, 'Mot de passe').fill(password);
  await field(page, 'Confirmation du mot de passe').fill(confirmation);
  await page.getByRole('button', { name: "S'inscrire" }).click();
}

/**
 * Signs up through /register and accepts the notice; ends on the confirmation. `origin`
 * targets another portal than the one of baseURL.
 */
export async function registerThroughUi(
  page: Page,
  email: string,
  { password = STRONG_PASSWORD, origin = '' } = {},
): Promise<void> {
  await page.goto(`${origin}/register`);
  await fillRegistration(page, email, password);
  await page
    .getByRole('dialog', { name: TEXTS.dataProtectionTitle })
    .getByRole('button', { name: 'Valider' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: TEXTS.registered })).toBeVisible();
}

/** Signs up and validates the address through the mailed link: the account can sign in. */
export async function createValidatedAccount(
  page: Page,
  label: string,
  password = STRONG_PASSWORD,
): Promise<string> {
  const email = uniqueEmail(label);
  await registerThroughUi(page, email, { password });
  const link = linkIn(await waitForMail(email), 'validate-email');
  await page.goto(link);
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, TEXTS.emailValidated)).toBeVisible();
  return email;
}

/**
 * Follows a link of the sidebar and checks where it lands: the address and, when given, the
 * page's title.
 */
export async function openFromMenu(
  page: Page,
  link: string,
  landing: { url: RegExp; heading?: string },
): Promise<void> {
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: link }).click();
  await expect(page).toHaveURL(landing.url);
  if (landing.heading !== undefined) {
    await expect(page.getByRole('heading', { level: 1, name: landing.heading })).toBeVisible();
  }
}

/** Signs out through the sidebar; ends on /login. */
export async function signOut(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('button', { name: 'Se déconnecter' })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
}
