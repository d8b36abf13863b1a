import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const views = process.argv.slice(2);
for (const view of views) {
  for (const width of [1440, 390]) {
    for (const scheme of ['light', 'dark']) {
      const page = await browser.newPage({ viewport: { width, height: 1000 }, colorScheme: scheme, timezoneId: 'Asia/Kathmandu', locale: 'en-GB' });
      const t0 = Date.now();
      await page.goto(`http://127.0.0.1:5109${view}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      const name = view.replace(/[/?=&]+/g, '-').replace(/^-/, '') || 'root';
      await page.screenshot({ path: `/tmp/shots/mood-${name}-${width}-${scheme}.png`, fullPage: true });
      console.log(view, width, scheme, Date.now() - t0, 'ms');
      await page.close();
    }
  }
}
await browser.close();
