import {
  PAGE_SETTINGS_META,
  PAGE_SETTINGS_TOKENS,
  type PageSettings,
  pageSettingsAttribute,
} from '@medtutor/contracts';

/** The built files that can hold settings: pages, robots.txt and the sitemap. */
export const SETTINGS_FILE = /\.(?:html|xml|txt)$/;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text and attribute values of HTML, and XML's character data. */
const escapeMarkup = (value: string): string => value.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
/** Inside a JSON string in a <script>: JSON's escapes, and `<` so nothing can close the element. */
const escapeJsonInScript = (value: string): string => JSON.stringify(value).slice(1, -1).replace(/</g, '\\u003c');
const raw = (value: string): string => value;

const escapeRegExp = (value: string): string => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const TOKEN_SOURCE = Object.values(PAGE_SETTINGS_TOKENS).map(escapeRegExp).join('|');
const TOKENS = new RegExp(TOKEN_SOURCE, 'g');
/** A JSON-LD block (its tokens are inside JSON strings, in script text) or a token anywhere else in a page. */
const JSON_LD_OR_TOKEN = new RegExp(
  `(<script\\b[^>]*\\btype="application/ld\\+json"[^>]*>[^]*?</script>)|${TOKEN_SOURCE}`,
  'g',
);
const HEAD = /<head\b[^>]*>/i;
const DOCTYPE = /^(?:\s*<!doctype[^>]*>)?/i;

/**
 * Writes the settings into a built file of type `extension` (`.html`, `.xml`, `.txt`): each token the
 * build left is replaced by its setting, escaped for where it stands, and a page gets the settings
 * as `<meta name="medtutor-settings">` first in its <head>, where the bundles read them.
 */
export function pageSettingsWriter(settings: PageSettings): (text: string, extension: string) => string {
  const byToken = new Map(
    (Object.keys(PAGE_SETTINGS_TOKENS) as (keyof PageSettings)[]).map((key) => [
      PAGE_SETTINGS_TOKENS[key],
      settings[key],
    ]),
  );
  const setting = (token: string): string => byToken.get(token)!;
  const replaceTokens = (text: string, escape: (value: string) => string): string =>
    text.replace(TOKENS, (token) => escape(setting(token)));
  const meta = `<meta name="${PAGE_SETTINGS_META}" content="${pageSettingsAttribute(settings)}">`;

  return (text, extension) => {
    if (extension === '.txt') return replaceTokens(text, raw);
    if (extension === '.xml') return replaceTokens(text, escapeMarkup);
    const page = text.replace(JSON_LD_OR_TOKEN, (match, jsonLd: string | undefined) =>
      jsonLd === undefined ? escapeMarkup(setting(match)) : replaceTokens(jsonLd, escapeJsonInScript),
    );
    return HEAD.test(page)
      ? page.replace(HEAD, (head) => head + meta)
      : page.replace(DOCTYPE, (doctype) => doctype + meta);
  };
}
