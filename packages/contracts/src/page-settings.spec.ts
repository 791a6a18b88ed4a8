import { describe, expect, it } from '@jest/globals';
import { PAGE_SETTINGS_TOKENS, pageSettingsAttribute, parsePageSettings } from './page-settings.js';

describe('parsePageSettings', () => {
  it('reads the settings the gateway wrote', () => {
    const settings = { publicBaseUrl: 'https://medpath.example', supportEmail: 'help@medpath.example' };
    expect(parsePageSettings(JSON.stringify(settings))).toEqual(settings);
  });

  it('keeps the build tokens without a tag, for malformed content and per missing setting', () => {
    expect(parsePageSettings(null)).toEqual(PAGE_SETTINGS_TOKENS);
    expect(parsePageSettings(undefined)).toEqual(PAGE_SETTINGS_TOKENS);
    expect(parsePageSettings('{not json')).toEqual(PAGE_SETTINGS_TOKENS);
    expect(parsePageSettings('null')).toEqual(PAGE_SETTINGS_TOKENS);
    expect(parsePageSettings(JSON.stringify({ publicBaseUrl: 'https://medpath.example', supportEmail: 7 }))).toEqual({
      publicBaseUrl: 'https://medpath.example',
      supportEmail: PAGE_SETTINGS_TOKENS.supportEmail,
    });
  });

  it('writes them for a double-quoted attribute', () => {
    const settings = { publicBaseUrl: 'https://medpath.example', supportEmail: `o'brien"<&>@medpath.example` };
    const content = pageSettingsAttribute(settings);
    expect(content).toMatch(/^[^"<>&']*(&#\d+;[^"<>&']*)*$/);
    expect(
      parsePageSettings(content.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))),
    ).toEqual(settings);
  });

  it('uses tokens that no escaping changes', () => {
    for (const token of Object.values(PAGE_SETTINGS_TOKENS)) {
      expect(token).toMatch(/^[a-z0-9:/.@-]+$/);
      expect(JSON.stringify(token)).toBe(`"${token}"`);
    }
    expect(new URL('/about', PAGE_SETTINGS_TOKENS.publicBaseUrl).href).toBe(
      `${PAGE_SETTINGS_TOKENS.publicBaseUrl}/about`,
    );
  });
});
