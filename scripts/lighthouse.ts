// npm run lighthouse -- <base URL of a board> [job path] [blog post path]: Lighthouse scores
// (performance, accessibility, best practices, SEO) of a board's home, a job page and a blog post,
// in Debian's Chromium, mobile emulation (Lighthouse's default). Prints a table for BENCHMARKS.md.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

const [base, jobPath, postPath] = process.argv.slice(2);
if (!base) {
  console.error(
    'usage: npm run lighthouse -- http://localhost:3000/b/demo-board [/jobs/<slug>] [/blog/<slug>]',
  );
  process.exit(2);
}

const pages = [
  ['home', base],
  ...(jobPath ? [['job page', `${base}${jobPath}`]] : []),
  ...(postPath ? [['blog post', `${base}${postPath}`]] : []),
];

const chrome = await launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
try {
  console.log('| page | performance | accessibility | best practices | SEO |');
  console.log('|---|--:|--:|--:|--:|');
  for (const [name, url] of pages) {
    const result = await lighthouse(url!, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const categories = result!.lhr.categories;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    console.log(
      `| ${name} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} |`,
    );
    for (const [id, audit] of Object.entries(result!.lhr.audits)) {
      if (
        audit.score !== null &&
        audit.score < 0.9 &&
        audit.scoreDisplayMode !== 'informative' &&
        audit.scoreDisplayMode !== 'notApplicable'
      )
        console.error(`  ${name}: ${id} ${audit.score} ${audit.displayValue ?? ''}`);
    }
  }
} finally {
  chrome.kill();
}
