// What retrieved text looks like after real ingestion: pages scraped from a help centre keep their
// navigation and footer, PDF extraction keeps hard line breaks and running headers.
import { faker } from '@faker-js/faker';
import type { Entities } from './fill.ts';

const headers = [
  'Skip to main content',
  'Home | Products | Pricing | Resources | Blog | Contact us',
  'Menu\nSearch\nSign in',
  'Help Center > Articles',
  'We use cookies to improve your experience on our site. By continuing to browse, you agree to our use of cookies. Accept all | Manage preferences',
];

const footers = [
  'Was this article helpful? Yes No',
  'Share this article: Facebook Twitter LinkedIn Email',
  'Related articles',
  'Still need help? Contact support',
  'Privacy Policy | Terms of Use | Cookie Settings | Accessibility',
  'Back to top',
];

export function asScrapedPage(text: string, e: Entities): string {
  const top = faker.helpers.arrayElements(headers, { min: 1, max: 3 });
  const bottom = faker.helpers.arrayElements(footers, { min: 1, max: 3 });
  const updated = `Last updated: ${faker.date.recent({ days: 400 }).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })}`;
  const copyright = `© ${faker.number.int({ min: 2019, max: 2026 })} ${e.company}. All rights reserved.`;
  return [...top, updated, text, ...bottom, copyright].join('\n');
}

/** Re-wraps text at a fixed width the way pdftotext does, with a running header and page number. */
export function asPdfExtract(text: string, e: Entities): string {
  const width = faker.number.int({ min: 68, max: 92 });
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      if (line && line.length + word.length + 1 > width) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    lines.push(line, '');
  }
  const page = faker.number.int({ min: 2, max: 40 });
  const header = faker.helpers.arrayElement([
    `${e.company} — Internal`,
    `${e.company.toUpperCase()} CONFIDENTIAL`,
    `${e.company} | ${faker.date.recent({ days: 600 }).getFullYear()}`,
  ]);
  return [
    header,
    '',
    ...lines,
    `Page ${page} of ${page + faker.number.int({ min: 0, max: 20 })}`,
  ].join('\n');
}
