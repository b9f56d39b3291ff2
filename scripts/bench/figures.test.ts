import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { recordFigures, replaceSection, writeFigures } from './figures.mjs';

const file = `# Figures

Intro.

<!-- figures:posts -->

## Posts

old posts

<!-- /figures:posts -->

Between the two, by hand.

<!-- figures:inbox -->

## Inbox

old inbox

<!-- /figures:inbox -->
`;

describe('replaceSection', () => {
  it('replaces only its own section and leaves every other byte as it was', () => {
    const next = replaceSection(file, 'posts', '## Posts\n\nnew posts');
    expect(next).toContain('new posts');
    expect(next).not.toContain('old posts');
    const [, afterPosts] = file.split('<!-- /figures:posts -->');
    const [, nextAfterPosts] = next.split('<!-- /figures:posts -->');
    expect(nextAfterPosts).toBe(afterPosts);
    expect(next.startsWith('# Figures\n\nIntro.\n\n<!-- figures:posts -->\n\n## Posts')).toBe(true);
  });

  it('gives the same file when run twice with the same figures', () => {
    const once = replaceSection(file, 'inbox', '## Inbox\n\nnew inbox');
    expect(replaceSection(once, 'inbox', '## Inbox\n\nnew inbox')).toBe(once);
  });

  it('appends a section the file does not have yet', () => {
    const next = replaceSection(file, 'sign-in', '## Sign-in\n\n5 checked');
    expect(next.startsWith(file.trimEnd())).toBe(true);
    expect(
      next.endsWith(
        '<!-- figures:sign-in -->\n\n## Sign-in\n\n5 checked\n\n<!-- /figures:sign-in -->\n',
      ),
    ).toBe(true);
  });

  it('refuses broken markers rather than lose the text between them', () => {
    expect(() => replaceSection('<!-- figures:posts -->\nno end', 'posts', 'x')).toThrow(/broken/);
    expect(() =>
      replaceSection('<!-- /figures:posts --> <!-- figures:posts -->', 'posts', 'x'),
    ).toThrow(/broken/);
    expect(() => replaceSection(`${file}\n<!-- figures:posts -->`, 'posts', 'x')).toThrow(/broken/);
    expect(() => replaceSection(file, 'Posts <!--', 'x')).toThrow(/named/);
  });
});

describe('docs/figures.md', () => {
  it.each([
    'site',
    'photos',
    'publish',
    'posts',
    'inbox',
    'spam',
    'html',
    'sign-in',
    'backup',
    'retention',
  ])('has one whole section "%s" for its benchmark to replace', (name) => {
    const figures = readFileSync('docs/figures.md', 'utf8');
    expect(figures.split(`<!-- figures:${name} -->`)).toHaveLength(2);
    expect(() => replaceSection(figures, name, '## x')).not.toThrow();
  });
});

describe('writing the figures file', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps what a benchmark printed, with the date, the machine and the command', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'figures-'));
    const figures = path.join(dir, 'figures.md');
    writeFileSync(figures, file);
    const answer = await recordFigures(
      'posts',
      { title: 'Posts', command: 'npm run bench:server' },
      () => {
        console.log('\nconcurrency   requests/s');
        console.log('%s   %d', '          1', 313);
        return Promise.resolve(42);
      },
      figures,
    );
    expect(answer).toBe(42);
    const written = readFileSync(figures, 'utf8');
    expect(written).toContain('concurrency   requests/s\n          1   313\n```');
    expect(written).toMatch(
      new RegExp(
        `Measured \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC with \`npm run bench:server\` on ${os.cpus().length} cores .*Node ${process.version.replace(/\./g, '\\.')}`,
      ),
    );
    expect(written).not.toContain('old posts');
    expect(written).toContain('old inbox');
  });

  it('writes nothing when the measurement fails', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'figures-'));
    const figures = path.join(dir, 'figures.md');
    writeFileSync(figures, file);
    await expect(
      recordFigures(
        'posts',
        { title: 'Posts', command: 'x' },
        () => {
          console.log('half a table');
          return Promise.reject(new Error('a post was refused'));
        },
        figures,
      ),
    ).rejects.toThrow('refused');
    expect(readFileSync(figures, 'utf8')).toBe(file);
  });

  it('starts a file that does not exist with its heading', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'figures-'));
    const figures = path.join(dir, 'figures.md');
    writeFigures('html', { title: 'HTML posts', command: 'c', lines: ['p50 15 ms'] }, figures);
    const written = readFileSync(figures, 'utf8');
    expect(written.startsWith('# Figures\n')).toBe(true);
    expect(written).toContain('<!-- figures:html -->\n\n## HTML posts\n');
  });
});
