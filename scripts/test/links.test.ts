import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { anchorsOf, brokenLinks, slugOf } from './markdown-links.ts';

const pages = [
  'README.md',
  'ARCHITECTURE.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

describe('the links of the README, ARCHITECTURE.md and docs/', () => {
  it('covers the docs pages', () => {
    expect(pages.length).toBeGreaterThan(5);
  });

  it.each(pages)('%s: every relative link names a file, every anchor a heading', (page) => {
    expect(brokenLinks(page)).toEqual([]);
  });
});

describe('the README', () => {
  const lines = readFileSync('README.md', 'utf8').split('\n');

  it('is one or two screens, with the two commands near the top', () => {
    expect(lines.length).toBeLessThanOrEqual(200);
    const top = lines.slice(0, 40).join('\n');
    expect(top).toContain('npm install && npm start');
    expect(top).toMatch(/^npm test\b/m);
  });

  it('has a line in its table of scripts for every npm script', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as {
      scripts: Record<string, string>;
    };
    const named = (script: string) =>
      ['start', 'test'].includes(script) ? `npm ${script}` : `npm run ${script}`;
    for (const script of Object.keys(scripts)) {
      expect(lines, script).toContainEqual(expect.stringMatching(`^\\| \`${named(script)}\` +\\|`));
    }
  });
});

describe('the link checker', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'links-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, text: string) => {
    writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  };

  it('makes the anchors GitHub makes', () => {
    expect(slugOf("The owner's inbox")).toBe('the-owners-inbox');
    expect(slugOf('Résumés')).toBe('résumés');
    expect(slugOf('The promise, kept')).toBe('the-promise-kept');
    expect(slugOf('`npm run db -- copy`: to Postgres')).toBe('npm-run-db----copy-to-postgres');
    expect(slugOf('The inbox at 50,000 submissions')).toBe('the-inbox-at-50000-submissions');
    expect([...anchorsOf('# A\n## Notes\n```\n# not a heading\n```\n## Notes\n')]).toEqual([
      'a',
      'notes',
      'notes-1',
    ]);
  });

  it('finds a missing file, a missing heading and a malformed address, and passes good links', () => {
    write('other.md', '# Other\n\n## The owner’s view\n');
    const page = write(
      'page.md',
      [
        '# Page',
        '## Here',
        '[ok](other.md) [ok](other.md#the-owners-view) [ok](#here) [ok](https://example.com/a)',
        '`[in code](missing.md)` and ![ok](other.md "a title")',
        '```',
        '[in a block](missing.md)',
        '```',
        '[gone](missing.md) [gone](other.md#nowhere) [gone](#there) [bad](https://[not-ipv6]/x)',
        '<img src="missing.png" alt="">',
      ].join('\n'),
    );
    expect(brokenLinks(page).map((problem) => problem.replace(`${dir}/`, ''))).toEqual([
      `page.md:8 missing.md: no such file: ${path.join(dir, 'missing.md')}`,
      'page.md:8 other.md#nowhere: no heading #nowhere',
      'page.md:8 #there: no heading #there',
      'page.md:8 https://[not-ipv6]/x: not a well-formed address',
      `page.md:9 missing.png: no such file: ${path.join(dir, 'missing.png')}`,
    ]);
  });
});
