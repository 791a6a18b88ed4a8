const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/** Paragraphs as a plain HTML page; every text is escaped, line breaks kept. */
export const htmlPage = (paragraphs: string[]): string =>
  [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`),
    '</body></html>',
  ].join('\n');
