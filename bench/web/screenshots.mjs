// `node bench/web/screenshots.mjs <folder>`: a full-page screenshot of every public route of issue
// 15's budgets at 375 px and 1280 px wide, as <folder>/<route>-<width>.png, from the system running
// at BENCH_BASE_URL (default http://localhost:8080). docs/performance/before/ holds the "before" set;
// take the "after" set the same way. A PNG over MAX_PNG_BYTES is taken again as a JPEG (quality 70,
// <route>-<width>.jpg) to keep the folder small.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { publicRoutes } from './budgets.mjs';
import { baseUrl, launchChromium } from './browser.mjs';

const folder = process.argv[2];
if (!folder) {
  console.error('Usage: node bench/web/screenshots.mjs <folder>');
  process.exit(2);
}
const widths = [375, 1280];
const MAX_PNG_BYTES = 300 * 1024;

await mkdir(folder, { recursive: true });
const browser = await launchChromium();
try {
  for (const width of widths) {
    const context = await browser.newContext({
      viewport: { width, height: width < 768 ? 812 : 900 },
      deviceScaleFactor: 1,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    for (const route of publicRoutes) {
      await page.goto(new URL(route.path, baseUrl).href, { waitUntil: 'networkidle' });
      // Web fonts, if any, before the shot (a string: this file is linted as Node code).
      await page.evaluate('document.fonts.ready.then(() => true)');
      const base = join(folder, `${route.name}-${width}`);
      const png = await page.screenshot({ fullPage: true, animations: 'disabled', type: 'png' });
      await rm(`${base}.png`, { force: true });
      await rm(`${base}.jpg`, { force: true });
      if (png.length <= MAX_PNG_BYTES) {
        await writeFile(`${base}.png`, png);
        console.log(`${base}.png  ${Math.round(png.length / 1024)} KB`);
      } else {
        const jpeg = await page.screenshot({ fullPage: true, animations: 'disabled', type: 'jpeg', quality: 70 });
        await writeFile(`${base}.jpg`, jpeg);
        console.log(
          `${base}.jpg  ${Math.round(jpeg.length / 1024)} KB (the PNG was ${Math.round(png.length / 1024)} KB)`,
        );
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
}
