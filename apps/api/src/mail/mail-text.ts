// Free text in mails: whatever a user typed (addresses, names, comments, reasons)
// reaches a mail only through these helpers — cut to a sane length, control characters removed,
// and HTML-escaped in HTML bodies — so that a filing cannot turn an official mail into its own.

/** Longest one-line piece of free text in a mail (an address, a name, a town). */
const MAIL_INLINE_MAX = 200;
/** Longest multi-line piece of free text in a mail (a comment, a reason). */
const MAIL_BLOCK_MAX = 2000;
/** Longest subject line. */
const MAIL_SUBJECT_MAX = 200;

const ELLIPSIS = '…';
// C0 controls, DEL, C1 controls, and the Unicode line/paragraph separators and bidi overrides
// that could fake a line break or reorder text.
const CONTROLS_EXCEPT_NEWLINE =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;

function cut(value: string, max: number): string {
  const chars = [...value];
  return chars.length <= max
    ? value
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}${ELLIPSIS}`;
}

/** One line of free text: every line break and control character becomes a space, then cut. */
export function inlineText(value: string | null | undefined, max = MAIL_INLINE_MAX): string {
  const flat = (value ?? '')
    .replace(/\r\n?/g, '\n')
    .replace(/\n/g, ' ')
    .replace(CONTROLS_EXCEPT_NEWLINE, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return cut(flat, max);
}

/** Free text on several lines (a comment): line breaks kept (at most two in a row), then cut. */
export function blockText(value: string | null | undefined, max = MAIL_BLOCK_MAX): string {
  const lines = (value ?? '')
    .replace(/\r\n?/g, '\n')
    .replace(CONTROLS_EXCEPT_NEWLINE, ' ')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim());
  return cut(
    lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    max,
  );
}

/** A subject line: never a line break (no header injection), cut. */
export function subjectLine(value: string): string {
  return inlineText(value, MAIL_SUBJECT_MAX);
}

/** Text made safe inside HTML (element content and quoted attribute values). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * True for one plain address (`nom@domaine.fr`): no list, no display name, no line break, so
 * that a typed value can never add recipients or headers.
 */
export function isSingleAddress(value: string): boolean {
  return (
    value.length <= 254 && /^[^\s@,;:<>()[\]\\"]+@[^\s@,;:<>()[\]\\"]+\.[^\s@,;:<>()[\]\\"]+$/.test(value)
  );
}
