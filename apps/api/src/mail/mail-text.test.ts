import { describe, expect, test } from 'vitest';
import { blockText, escapeHtml, inlineText, isSingleAddress, subjectLine } from './mail-text.ts';
import { composeMail } from './compose.ts';

describe('free text in mails', () => {
  test('one line: line breaks, tabs, controls and bidi overrides become single spaces; cut with an ellipsis', () => {
    expect(inlineText('12 rue\r\nBcc: x@y.fr\t\u0000\u2028\u202Eend')).toBe('12 rue Bcc: x@y.fr end');
    expect(inlineText('a'.repeat(300))).toHaveLength(200);
    expect(inlineText('a'.repeat(300)).endsWith('…')).toBe(true);
    expect(inlineText(null)).toBe('');
  });

  test('several lines: at most one empty line in a row, other controls removed, cut', () => {
    expect(blockText('Plan\r\n\r\n\r\n\r\nillisible\u0007 !')).toBe('Plan\n\nillisible !');
    expect([...blockText('x'.repeat(5000))]).toHaveLength(2000);
  });

  test('a subject never holds a line break', () => {
    expect(subjectLine('Objet\r\nBcc: pirate@ailleurs.test')).toBe('Objet Bcc: pirate@ailleurs.test');
  });

  test('HTML escaping and single plain addresses', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
    expect(isSingleAddress('marie.durand@exemple.fr')).toBe(true);
    for (const bad of ['a@b.fr, c@d.fr', 'a@b.fr\r\nBcc: c@d.fr', 'Marie <a@b.fr>', 'a@b', 'pas-un-mail'])
      expect(isSingleAddress(bad)).toBe(false);
  });

  test('composeMail: every line escaped in the HTML body, the link an anchor, the same words in the text', () => {
    const mail = composeMail({
      subject: 'Sujet\n2',
      lines: ['<script>x</script>', '', 'fin'],
      link: { intro: 'Voir :', href: 'http://portail.test/dossiers/a?b=1&c=2' },
    });
    expect(mail.subject).toBe('Sujet 2');
    expect(mail.text).toContain('<script>x</script>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('<p>&lt;script&gt;x&lt;/script&gt;</p><p>fin</p>');
    expect(mail.html).toContain('<a href="http://portail.test/dossiers/a?b=1&amp;c=2">');
  });
});
