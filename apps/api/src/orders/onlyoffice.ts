import { Readable } from 'node:stream';
import { jwtVerify, SignJWT } from 'jose';
import { sql } from 'kysely';
import type { z } from 'zod';
import { OnlyofficeCallbackSchema } from '@voirie/domain';
import type { OnlyofficeSettings } from '../config.ts';
import { AppError } from '../errors/app-error.ts';
import type { UploadParts } from '../files/upload-parts.ts';
import { escapeHtml } from '../mail/mail-text.ts';
import type { Actor } from '../policies/visibility.ts';
import type { WorksDeps } from '../requests/works/works-deps.ts';
import { findEditableDocument, saveEditedDocument } from './document-editor.ts';

// The optional ONLYOFFICE adapter (docs/templates.md « Editing a generated document », ADR 0016):
// an authority that runs an ONLYOFFICE Document Server points the portal at it. The portal then
// serves the spec's editor page (`onlyoffice/{documentId}`): the Document Server's api.js with a
// configuration signed by the shared secret (the server refuses an unsigned one). The Document
// Server downloads the DOCX from a link that carries its own token, and posts the edited one back
// to a callback link (its body signed by the same secret); the portal saves it as the editor's
// PUT does, as the account that opened the page.

/** How long the links handed to the Document Server stay valid: one working day of editing. */
const LINK_TTL = '12h';
/**
 * The callback's status that carries the document to save (ONLYOFFICE's « callback handler »):
 * 2, once the last editor has closed it. Forced saves (6) are turned off in the configuration
 * (`customization.forcesave`): each save is a new version, and the version an edit session
 * opened must still be the latest when it is saved (document-editor.ts), so one session saves
 * once.
 */
const MUST_SAVE = 2;

const INVALID_LINK = "Ce lien d'édition n'est pas valide ou a expiré.";
const NOT_FROM_SERVER = "Le document modifié ne vient pas du serveur d'édition configuré.";

export interface OnlyofficeDeps extends WorksDeps {
  onlyoffice: OnlyofficeSettings;
  /** PUBLIC_URL: where the Document Server reaches the portal. */
  publicUrl: string;
  /** The Document Server's download of the edited file (fetch; a test gives its own). */
  fetchEdited?: typeof fetch;
}

type LinkPurpose = 'file' | 'callback';

const keyOf = (settings: OnlyofficeSettings) => new TextEncoder().encode(settings.jwtSecret);

/** A link token: this document, this purpose, the account that opened the editor. */
async function linkToken(deps: OnlyofficeDeps, documentId: number, purpose: LinkPurpose, userId: number) {
  return new SignJWT({ doc: documentId, purpose })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(LINK_TTL)
    .sign(keyOf(deps.onlyoffice));
}

/** The account a link token names, when it is valid for this document and purpose; 401 otherwise. */
export async function verifyLinkToken(
  deps: Pick<OnlyofficeDeps, 'onlyoffice'>,
  token: string | undefined,
  documentId: number,
  purpose: LinkPurpose,
): Promise<number> {
  try {
    const { payload } = await jwtVerify(token ?? '', keyOf(deps.onlyoffice), { algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    if (payload.doc !== documentId || payload.purpose !== purpose || !Number.isInteger(userId))
      throw new Error();
    return userId;
  } catch {
    throw new AppError('TOKEN_INVALID', INVALID_LINK);
  }
}

/** What `DocsAPI.DocEditor` is given for the document, signed as ONLYOFFICE expects (its `token`). */
export async function onlyofficeConfig(deps: OnlyofficeDeps, actor: Actor, documentId: number) {
  const { document } = await findEditableDocument(deps, actor, documentId);
  const stored = await deps.db
    .selectFrom('document')
    .select('sha256')
    .where('id', '=', document.id)
    .executeTakeFirstOrThrow();
  const base = `${deps.publicUrl}/api/onlyoffice/${String(document.id)}`;
  const config = {
    documentType: 'word' as const,
    document: {
      fileType: 'docx' as const,
      // One key per version: the Document Server keeps an edit session per key.
      key: `${String(document.id)}-${stored.sha256.slice(0, 20)}`,
      title: document.name,
      url: `${base}/file?token=${await linkToken(deps, document.id, 'file', actor.id)}`,
    },
    editorConfig: {
      callbackUrl: `${base}/callback?token=${await linkToken(deps, document.id, 'callback', actor.id)}`,
      lang: 'fr' as const,
      mode: 'edit' as const,
      user: { id: String(actor.id), name: actor.email },
      customization: { forcesave: false },
    },
  };
  const token = await new SignJWT(config).setProtectedHeader({ alg: 'HS256' }).sign(keyOf(deps.onlyoffice));
  return { ...config, token };
}

/** The Document Server's api.js. */
export const onlyofficeApiUrl = (settings: OnlyofficeSettings) =>
  `${settings.url}/web-apps/apps/api/documents/api.js`;

/**
 * The editor page: the Document Server's api.js, the signed configuration as JSON data (not a
 * script: the page's CSP runs scripts from the portal and the Document Server only), and the
 * portal's starter script (`GET onlyoffice/editor.js`).
 */
export async function onlyofficePage(
  deps: OnlyofficeDeps,
  actor: Actor,
  documentId: number,
): Promise<string> {
  const config = await onlyofficeConfig(deps, actor, documentId);
  // JSON in HTML: '<' escaped so that no text closes the element.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<title>${escapeHtml(`Modifier : ${config.document.title}`)}</title>
<style>html, body, #editeur { height: 100%; margin: 0; }</style>
<script src="${escapeHtml(onlyofficeApiUrl(deps.onlyoffice))}"></script>
<script type="application/json" id="configuration-editeur">${json}</script>
<script src="/api/onlyoffice/editor.js" defer></script>
</head>
<body><main id="editeur" aria-label="${escapeHtml(config.document.title)}"></main></body>
</html>`;
}

/** The starter script of the editor page. */
export const ONLYOFFICE_STARTER = `'use strict';
var configuration = JSON.parse(document.getElementById('configuration-editeur').textContent);
new window.DocsAPI.DocEditor('editeur', configuration);
`;

/** The page's CSP: the portal's, plus the Document Server's script and frame. */
export function onlyofficePagePolicy(settings: OnlyofficeSettings): string {
  const server = new URL(settings.url).origin;
  return [
    "default-src 'self'",
    `script-src 'self' ${server}`,
    `frame-src ${server}`,
    `connect-src 'self' ${server}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${server}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * `GET onlyoffice/{id}/file?token=`: the DOCX the Document Server opens, while the account that
 * opened the editor may still edit it (the same rules as the portal's editor).
 */
export async function onlyofficeFile(deps: OnlyofficeDeps, documentId: number, token: string | undefined) {
  const actor = await actorOf(deps, await verifyLinkToken(deps, token, documentId, 'file'));
  const { document } = await findEditableDocument(deps, actor, documentId);
  const stored = await deps.db
    .selectFrom('document')
    .select(['storageKey', 'mimeType'])
    .where('id', '=', document.id)
    .executeTakeFirstOrThrow();
  return { mimeType: stored.mimeType, stream: await deps.store.open(stored.storageKey) };
}

/** The account a token names, as an actor (its roles read now: a removed role is not kept). */
async function actorOf(deps: Pick<OnlyofficeDeps, 'db'>, userId: number): Promise<Actor> {
  const user = await deps.db
    .selectFrom('stdUser')
    .select(['id', 'email', 'picture', 'isActive'])
    .select(
      sql<string[]>`array(select role_code from user_role where user_id = std_user.id order by role_code)`.as(
        'roles',
      ),
    )
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user?.isActive) throw new AppError('TOKEN_INVALID', INVALID_LINK);
  return { id: user.id, email: user.email, picture: user.picture, roles: user.roles };
}

/** What the Document Server posts to the callback (the fields the portal reads). */
export type OnlyofficeCallback = z.infer<typeof OnlyofficeCallbackSchema>;

/**
 * The Document Server's callback: its body is signed with the shared secret (its `token` field,
 * or the Authorization header). On « ready to save » (2) the edited DOCX is downloaded — only
 * from the configured server, at most UPLOAD_MAX_BYTES — and saved as the editor's PUT saves it,
 * as the account that opened the page, with the same rules (document/{id}/edited). Other
 * statuses (being edited, closed without change) need nothing.
 */
export async function onlyofficeCallback(
  deps: OnlyofficeDeps,
  documentId: number,
  linkTokenValue: string | undefined,
  body: OnlyofficeCallback,
  authorization?: string,
): Promise<void> {
  const userId = await verifyLinkToken(deps, linkTokenValue, documentId, 'callback');
  // The body's `token` (outbox.inBody), else the Authorization header's, whose claims hold the
  // body under `payload`: the Document Server signs one or the other with the shared secret.
  const bearer = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  let signed: OnlyofficeCallback;
  try {
    const { payload } = await jwtVerify(body.token ?? bearer ?? '', keyOf(deps.onlyoffice), {
      algorithms: ['HS256'],
    });
    signed = OnlyofficeCallbackSchema.parse(body.token ? payload : (payload.payload ?? payload));
  } catch {
    throw new AppError('TOKEN_INVALID', INVALID_LINK);
  }
  if (signed.status !== MUST_SAVE) return;
  const url = new URL(signed.url ?? '', deps.onlyoffice.url);
  if (url.origin !== new URL(deps.onlyoffice.url).origin) throw new AppError('BAD_REQUEST', NOT_FROM_SERVER);
  const actor = await actorOf(deps, userId);
  const response = await (deps.fetchEdited ?? fetch)(url, { signal: AbortSignal.timeout(60_000) });
  if (!response.ok || !response.body) throw new AppError('UPSTREAM', NOT_FROM_SERVER);
  const received = await deps.store.receive(limited(Readable.fromWeb(response.body), deps.maxBytes));
  const upload: UploadParts = {
    fields: new Map(),
    files: [{ fieldname: 'file', filename: 'edited.docx', received }],
  };
  try {
    await saveEditedDocument(deps, actor, documentId, upload);
  } finally {
    await deps.store.discard(received);
  }
}

/** The stream cut after `maxBytes` + 1 bytes, marked truncated (the sniff then refuses it). */
function limited(source: Readable, maxBytes: number): Readable & { truncated?: boolean } {
  let seen = 0;
  const out: Readable & { truncated?: boolean } = new Readable({ read() {} });
  source.on('data', (chunk: Buffer) => {
    if (out.truncated) return;
    seen += chunk.length;
    if (seen > maxBytes) {
      out.truncated = true;
      out.push(chunk.subarray(0, chunk.length - (seen - maxBytes - 1)));
      out.push(null);
      source.destroy();
      return;
    }
    out.push(chunk);
  });
  source.on('end', () => {
    if (!out.truncated) out.push(null);
  });
  source.on('error', (error) => out.destroy(error));
  return out;
}
