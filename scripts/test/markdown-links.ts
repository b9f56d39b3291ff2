// The links of the project's markdown (README, ARCHITECTURE.md, docs/), checked the way GitHub
// shows them: a relative link must name a file that exists, and an #anchor a heading of its page
// (by GitHub's slug) or an element's id. A moved section then fails a test, not a reader.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The text of a markdown file without its fenced code blocks (their lines kept, blank). */
function withoutCode(markdown: string): string[] {
  let fence: string | undefined;
  return markdown.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === undefined || marker.startsWith(fence))) {
      fence = fence === undefined ? marker : undefined;
      return '';
    }
    // Inline code is text, never a link: `[a](b)` in backticks is shown as written.
    return fence === undefined ? line.replace(/(`+)[^`]*?\1/g, '') : '';
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function slugOf(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link or image: its text
    .replace(/<[^>]+>/g, '') // inline HTML
    .replace(/[*`]/g, ''); // emphasis and code marks
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a page offers: its headings' slugs (repeats numbered as GitHub does) and ids. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const lines = withoutCode(markdown);
  // Headings inside code are already blank; inline code is part of a heading's text, so read
  // headings from the raw line where the code-free one still shows a heading.
  const raw = markdown.split('\n');
  lines.forEach((line, index) => {
    if (!/^#{1,6}\s/.test(line)) return;
    const heading = (raw[index] ?? '').replace(/^#{1,6}\s+/, '').replace(/\s+#*\s*$/, '');
    const slug = slugOf(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  });
  for (const [, id] of markdown.matchAll(/<[a-z]+\s[^>]*\b(?:id|name)="([^"]+)"/gi)) {
    anchors.add(id ?? '');
  }
  return anchors;
}

/** Every link and image target of a page, with its line: markdown's `(…)` and HTML's href/src. */
export function linksOf(markdown: string): { line: number; target: string }[] {
  const links: { line: number; target: string }[] = [];
  withoutCode(markdown).forEach((text, index) => {
    const found = [
      ...[...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
      ...[...text.matchAll(/<[a-z]+\s[^>]*\b(?:href|src)="([^"]+)"/gi)].map((m) => m[1]),
    ];
    for (const target of found) if (target) links.push({ line: index + 1, target });
  });
  return links;
}

/** What is wrong with each link of `file` that leads nowhere, as `file:line target: why`. */
export function brokenLinks(file: string): string[] {
  const markdown = readFileSync(file, 'utf8');
  const problems: string[] = [];
  for (const { line, target } of linksOf(markdown)) {
    const why = problemOf(file, markdown, target);
    if (why) problems.push(`${file}:${line} ${target}: ${why}`);
  }
  return problems;
}

function problemOf(file: string, markdown: string, target: string): string | undefined {
  if (/^[a-z][a-z+.-]*:/i.test(target)) {
    if (/^(mailto|tel):/i.test(target)) return undefined;
    if (!/^https?:\/\//i.test(target)) return 'an address of an unknown kind';
    return URL.canParse(target) ? undefined : 'not a well-formed address';
  }
  const [address = '', anchor] = target.split('#', 2);
  if (address.startsWith('/')) return 'an absolute path (GitHub resolves it from the repository)';
  const resolved = address ? path.join(path.dirname(file), decodeURI(address)) : file;
  if (!existsSync(resolved)) return `no such file: ${resolved}`;
  if (anchor === undefined) return undefined;
  if (statSync(resolved).isDirectory() || !resolved.endsWith('.md')) {
    return 'an anchor into a file that is not markdown';
  }
  const page = address ? readFileSync(resolved, 'utf8') : markdown;
  return anchorsOf(page).has(decodeURIComponent(anchor)) ? undefined : `no heading #${anchor}`;
}
