/** @jest-environment jsdom */
import { expect, it } from '@jest/globals';

it('reads the settings the gateway wrote into the page', async () => {
  document.head.innerHTML =
    '<meta name="medtutor-settings" content="{&#34;publicBaseUrl&#34;:&#34;https://medpath.example&#34;,&#34;supportEmail&#34;:&#34;help@medpath.example&#34;}">';
  const { publicOrigin } = await import('./origin');
  const { supportEmail } = await import('./support');
  expect(publicOrigin).toBe('https://medpath.example');
  expect(supportEmail).toBe('help@medpath.example');
});
