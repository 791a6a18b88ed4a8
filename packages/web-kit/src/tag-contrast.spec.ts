import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { theme as antdTheme } from 'antd';
import { theme } from './antd-root';

/** WCAG 2.2 contrast ratio of two #rrggbb colours. */
function contrast(foreground: string, background: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = (hex.slice(1).match(/../g) ?? []).map((pair) => {
      const value = parseInt(pair, 16) / 255;
      return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

/** Tags are 12 px text: WCAG 2.2 AA (1.4.3) asks 4.5:1, as axe does on the pages. */
const AA = 4.5;

// antd's preset tag colours (antd/es/theme/interface/presetColors), every one a page may pass as `color`.
const PRESETS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
];

describe('tag text contrast (WCAG 2.2 AA)', () => {
  const token = antdTheme.getDesignToken(theme) as unknown as Record<string, string>;

  // antd writes both spellings (green7, green-7) as the one CSS variable --ant-green-7: both must pass.
  it.each(PRESETS)('an antd "%s" tag: shade 7 on shade 1 under our theme', (colour) => {
    for (const text of [`${colour}7`, `${colour}-7`]) {
      const ratio = contrast(token[text]!, token[`${colour}1`]!);
      expect({ text, passes: ratio >= AA, ratio: Number(ratio.toFixed(2)) }).toMatchObject({ text, passes: true });
    }
  });

  it('an antd "processing" tag: colorInfo on colorInfoBg', () => {
    expect(contrast(token.colorInfo!, token.colorInfoBg!)).toBeGreaterThanOrEqual(AA);
  });

  // The UI kit's tags (antd's look without antd) carry their colours in ui.css.
  const css = readFileSync(new URL('./ui/ui.css', import.meta.url), 'utf8');
  const uiTags = [...css.matchAll(/\.ui-tag--([a-z]+) \{\s*background: (#[0-9a-f]{6});\s*color: (#[0-9a-f]{6});/g)];

  it('finds the UI kit tags with literal colours (green, blue, red, gold)', () => {
    expect(uiTags.map(([, name]) => name).sort()).toEqual(['blue', 'gold', 'green', 'red']);
  });

  it.each(uiTags.map(([, name, background, colour]) => [name!, colour!, background!]))(
    'a UI kit "%s" tag: %s on %s',
    (name, colour, background) => {
      const ratio = contrast(colour, background);
      expect({ name, passes: ratio >= AA, ratio: Number(ratio.toFixed(2)) }).toMatchObject({ name, passes: true });
    },
  );
});
