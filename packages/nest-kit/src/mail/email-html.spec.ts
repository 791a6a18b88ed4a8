import { describe, expect, it } from '@jest/globals';
import { detailsEmail, escapeHtml, htmlPage } from './email-html.js';

describe('email markup', () => {
  it('escapes the five characters that could open markup or an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('keeps a paragraph’s line breaks and escapes its text', () => {
    expect(htmlPage(['Name: <b>Ada</b>\nPhone: 07700'])).toContain(
      '<p>Name: &lt;b&gt;Ada&lt;/b&gt;<br>Phone: 07700</p>',
    );
  });

  it('writes the rows as "label: value" lines in the text and as an escaped table in the HTML', () => {
    const mail = detailsEmail({
      to: 'ada@example.com',
      subject: 'Your refund',
      greeting: 'Hello <Ada>,',
      intro: 'We have refunded £76.00.',
      rows: [
        ['Refunded now', '£76.00'],
        ['Reason', 'Moved <abroad>'],
      ],
    });
    expect(mail.text).toBe('Hello <Ada>,\n\nWe have refunded £76.00.\n\nRefunded now: £76.00\nReason: Moved <abroad>');
    expect(mail.html).toContain('<p>Hello &lt;Ada&gt;,</p>');
    expect(mail.html).toContain('<tr><th align="left">Reason</th><td>Moved &lt;abroad&gt;</td></tr>');
    expect(mail).toMatchObject({ to: 'ada@example.com', subject: 'Your refund' });
  });
});
