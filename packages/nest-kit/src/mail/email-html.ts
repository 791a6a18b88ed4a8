import type { MailMessage } from './mailer.js';

/** Every text that enters an email's markup goes through this: names, reasons and links are user input. */
export const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

const pageOf = (body: string[]): string =>
  ['<!doctype html>', '<html><body style="font-family: sans-serif; line-height: 1.5">', ...body, '</body></html>'].join(
    '\n',
  );

/** Paragraphs as a plain HTML page; every text is escaped, line breaks kept. */
export const htmlPage = (paragraphs: string[]): string =>
  pageOf(paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`));

/** A greeting, one paragraph and a table of label/value rows, as text and HTML (receipts, refunds). */
export function detailsEmail(message: {
  to: string;
  subject: string;
  greeting: string;
  intro: string;
  rows: ReadonlyArray<readonly [label: string, value: string]>;
}): MailMessage {
  const { to, subject, greeting, intro, rows } = message;
  const text = [greeting, '', intro, '', ...rows.map(([label, value]) => `${label}: ${value}`)].join('\n');
  const html = pageOf([
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    '<table cellpadding="4">',
    ...rows.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`),
    '</table>',
  ]);
  return { to, subject, text, html };
}
