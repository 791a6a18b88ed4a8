/**
 * The settings that differ per environment and that the frontends show, given to them at run time so
 * one build serves every environment: the gateway writes them into each HTML page it serves as
 * `<meta name="medtutor-settings" content="{json}">`, and replaces the tokens below wherever the
 * build had to write a value (prerendered pages, robots.txt, sitemap.xml).
 */
export interface PageSettings {
  /** `PUBLIC_BASE_URL`: the site's origin, without a trailing slash. */
  publicBaseUrl: string;
  /** `SUPPORT_EMAIL`: the support address shown to users. */
  supportEmail: string;
}

export const PAGE_SETTINGS_META = 'medtutor-settings';

/**
 * What the build writes in place of each setting. `.invalid` names can never be real (RFC 2606), and
 * these contain nothing that HTML, XML, JSON or URL escaping changes, so they survive into the output
 * of React, JSON.stringify and `new URL()` unchanged.
 */
export const PAGE_SETTINGS_TOKENS: PageSettings = {
  publicBaseUrl: 'https://public-base-url.invalid',
  supportEmail: 'support-email@settings.invalid',
};

/** The meta tag's `content`: the settings as JSON, escaped for a double-quoted HTML attribute. */
export const pageSettingsAttribute = (settings: PageSettings): string =>
  JSON.stringify(settings).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The settings in a `medtutor-settings` meta tag's content; each one missing or malformed (no tag:
 * the build's own render, or a page not served by the gateway) is its token.
 */
export function parsePageSettings(content: string | null | undefined): PageSettings {
  let parsed: Partial<Record<keyof PageSettings, unknown>> = {};
  try {
    parsed = content ? (JSON.parse(content) as typeof parsed) : {};
  } catch {
    // A tag the gateway did not write: keep the tokens.
  }
  const setting = (key: keyof PageSettings): string => {
    const value = parsed?.[key];
    return typeof value === 'string' && value !== '' ? value : PAGE_SETTINGS_TOKENS[key];
  };
  return { publicBaseUrl: setting('publicBaseUrl'), supportEmail: setting('supportEmail') };
}
