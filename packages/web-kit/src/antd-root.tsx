import { ConfigProvider, theme as antdTheme } from 'antd';
import enGB from 'antd/locale/en_GB';
import type { ReactNode } from 'react';
import './antd-root.css';

// Brand blue, with links, secondary text, placeholders (a Select's is text to axe) and error messages
// dark enough for WCAG AA contrast on white (antd's defaults are not: its error red is 3.3:1). A tag's
// text is its colour's shade 7 on shade 1: for six colours that is under 4.5:1 (green #389e0d on
// #f6ffed is 3.37:1), so those take shade 8 or 9; a "processing" tag reads colorInfo.
const darkerTagText = {
  green: '#237804',
  gold: '#874d00',
  volcano: '#ad2102',
  orange: '#ad4e00',
  cyan: '#006d75',
  lime: '#3f6600',
  yellow: '#876800',
};

export const theme = {
  token: {
    colorPrimary: '#0f5fa8',
    colorLink: '#0f5fa8',
    colorInfo: '#0f5fa8',
    colorTextSecondary: '#595959',
    colorTextTertiary: '#595959',
    colorTextDescription: '#595959',
    colorTextPlaceholder: '#6b7280',
    colorError: '#cf1322',
    colorErrorText: '#cf1322',
    borderRadius: 8,
    // Both spellings: antd writes each as the CSS variable --ant-<colour>-7, the legacy one last.
    ...Object.fromEntries(
      Object.entries(darkerTagText).flatMap(([colour, text]) => [
        [`${colour}7`, text],
        [`${colour}-7`, text],
      ]),
    ),
  },
};

/** The text style antd's App component gives its area, without App's modal, message and notification code. */
function TextRoot({ children }: { children: ReactNode }) {
  const { token } = antdTheme.useToken();
  return (
    <div
      style={{
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {children}
    </div>
  );
}

/**
 * antd's theme and locale. Every app bundles its own antd, imported per component and loaded only
 * with the parts that use it, so each app's antd parts sit under their own AntdRoot: the shell's
 * dialogs and forms, a remote's lazily loaded parts (the student dashboard's first view is drawn with
 * the UI kit instead). Notices are web-kit's, so antd's App (its modal, message
 * and notification hooks: 14 KB gzipped) is left out. `disabled` greys out the form fields (the
 * shell's prerendered pages until React runs them).
 */
export function AntdRoot({ children, disabled = false }: { children: ReactNode; disabled?: boolean }) {
  return (
    <ConfigProvider locale={enGB} theme={theme} componentDisabled={disabled}>
      <TextRoot>{children}</TextRoot>
    </ConfigProvider>
  );
}
