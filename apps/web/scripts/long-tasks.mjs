#!/usr/bin/env node
// Main-thread blocking of public pages, compared between servers (e.g. a build before and after a
// change, started side by side with WEB_DIST). Lighthouse simulates a phone from one trace, so on a
// shared machine its blocking time swings by a factor of two from run to run; this loads each page
// many times in Debian's Chromium with DevTools' 4x CPU throttling, interleaving the servers so that
// both see the same machine, and reports medians: blocking time after the first paint (the sum of
// each long task's part over 50 ms, as Lighthouse counts it), first contentful paint and largest
// contentful paint, from the page's own performance entries.
//   node apps/web/scripts/long-tasks.mjs http://127.0.0.1:3301,http://127.0.0.1:3300 /verify/ABC-123 /auth
// LOADS sets the loads per page and server (default 8).
/* global window, PerformanceObserver -- the two callbacks passed to the page run in the browser */
import { chromium } from 'playwright-core';

const [serverList = 'http://127.0.0.1:3000', ...pages] = process.argv.slice(2);
const servers = serverList.split(',');
const targets = pages.length ? pages : ['/verify/ABC-123', '/public-assets', '/auth'];
const loads = Number(process.env.LOADS ?? 8);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const results = new Map();
for (let i = 0; i < loads; i++) {
  for (const page of targets) {
    for (const server of servers) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await tab.addInitScript(() => {
        const w = /** @type {any} */ (window);
        w.__longTasks = [];
        w.__fcp = 0;
        w.__lcp = 0;
        const observe = (type, fn) =>
          new PerformanceObserver((l) => l.getEntries().forEach(fn)).observe({ type, buffered: true });
        observe('longtask', (e) => w.__longTasks.push([e.startTime, e.duration]));
        observe('paint', (e) => e.name === 'first-contentful-paint' && (w.__fcp = e.startTime));
        observe('largest-contentful-paint', (e) => (w.__lcp = e.startTime));
      });
      await tab.goto(server + page, { waitUntil: 'load' });
      await tab.waitForTimeout(5000); // the verdict or list, and whatever the app does after it
      const seen = await tab.evaluate(() => {
        const w = /** @type {any} */ (window);
        return { fcp: w.__fcp, lcp: w.__lcp, longTasks: w.__longTasks };
      });
      const blocking = seen.longTasks
        .filter(([start]) => start >= seen.fcp)
        .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
      const key = `${page}\t${server}`;
      if (!results.has(key)) results.set(key, []);
      results.get(key).push({ blocking, fcp: seen.fcp, lcp: seen.lcp });
      await context.close();
    }
  }
}
await browser.close();

for (const [key, runs] of results) {
  const ms = (pick) => Math.round(median(runs.map(pick)));
  console.log(
    `${key}\tblocking ${ms((r) => r.blocking)} ms (${runs.map((r) => Math.round(r.blocking)).join('/')})` +
      `\tFCP ${ms((r) => r.fcp)} ms\tLCP ${ms((r) => r.lcp)} ms`,
  );
}
