import { escapeHtml, subjectLine } from './mail-text.ts';

/** The last line of every automatic mail. */
const AUTOMATIC_FOOTER = 'Ce message est envoyé automatiquement, merci de ne pas y répondre.';

/** What a mail says, before it becomes a text and an HTML body. */
export interface MailDraft {
  subject: string;
  /**
   * The lines after 'Bonjour,'; an empty line ends a paragraph. Free text typed by a user must
   * already be cut with inlineText / blockText; escaping for HTML is done here.
   */
  lines: readonly string[];
  /** The portal link, as its own paragraph: "{intro} {href}". */
  link?: { intro: string; href: string };
}

/** A draft as the outbox stores it: a clean subject, a text body and the same body in HTML. */
export function composeMail(draft: MailDraft): { subject: string; text: string; html: string } {
  const linkLine = draft.link ? [`${draft.link.intro} ${draft.link.href}`] : [];
  const text = [
    'Bonjour,',
    '',
    ...draft.lines,
    ...(draft.link ? ['', ...linkLine] : []),
    '',
    AUTOMATIC_FOOTER,
  ].join('\n');
  const paragraphs = splitParagraphs(['Bonjour,', '', ...draft.lines]).map(
    (lines) => `<p>${lines.map(escapeHtml).join('<br>')}</p>`,
  );
  if (draft.link) {
    const href = escapeHtml(draft.link.href);
    paragraphs.push(`<p>${escapeHtml(draft.link.intro)} <a href="${href}">${href}</a></p>`);
  }
  paragraphs.push(`<p style="color:#555">${escapeHtml(AUTOMATIC_FOOTER)}</p>`);
  return {
    subject: subjectLine(draft.subject),
    text,
    html: `<!doctype html><html lang="fr"><body>${paragraphs.join('')}</body></html>`,
  };
}

/** Lines grouped into paragraphs at empty lines; a line with its own line breaks stays in one. */
function splitParagraphs(lines: readonly string[]): string[][] {
  const paragraphs: string[][] = [[]];
  for (const line of lines.flatMap((entry) => entry.split('\n'))) {
    if (line === '') paragraphs.push([]);
    else paragraphs.at(-1)!.push(line);
  }
  return paragraphs.filter((paragraph) => paragraph.length > 0);
}
