// The figures the benchmarks measure live in one file, docs/figures.md, which the README and docs/
// link instead of copying numbers by hand. Each benchmark replaces only its own section, between
// `<!-- figures:NAME -->` and `<!-- /figures:NAME -->`, with what it printed, the date and the
// machine, so a new run never touches another benchmark's figures. Plain JavaScript, so that both
// `node scripts/bench/site.mjs` and `tsx scripts/bench/server.ts` can import it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { format } from 'node:util';

/** Where the figures go; FIGURES_FILE moves them (a trial run that must not replace the real ones). */
export const FIGURES_FILE = process.env.FIGURES_FILE ?? 'docs/figures.md';

/** The opening of a figures file that does not exist yet. */
const HEADER = `# Figures

Written by the benchmarks (\`npm run bench\`, \`npm run bench:server\`): each replaces its own section.
`;

/** `markdown` with section `name` replaced by `body` (appended at the end when it is not there). */
export function replaceSection(markdown, name, body) {
  if (!/^[a-z0-9-]+$/.test(name))
    throw new Error(`a figures section is named in [a-z0-9-]: ${name}`);
  const start = `<!-- figures:${name} -->`;
  const end = `<!-- /figures:${name} -->`;
  const block = `${start}\n\n${body.trim()}\n\n${end}`;
  const from = markdown.indexOf(start);
  const to = markdown.indexOf(end);
  if (from === -1 && to === -1) return `${markdown.trimEnd()}\n\n${block}\n`;
  // A marker without its twin, twice, or out of order: refuse rather than lose the text between.
  if (
    from === -1 ||
    to < from ||
    markdown.indexOf(start, from + 1) !== -1 ||
    markdown.indexOf(end, to + 1) !== -1
  ) {
    throw new Error(`the markers of the figures section "${name}" are broken`);
  }
  return markdown.slice(0, from) + block + markdown.slice(to + end.length);
}

/** The machine in words: cores, CPU model, memory, Node version and platform. */
export function machine() {
  const cpus = os.cpus();
  const model = cpus[0]?.model.replace(/\s+/g, ' ').trim() || 'unknown CPU';
  const memory = Math.round(os.totalmem() / 2 ** 30);
  return `${cpus.length} cores (${model}), ${memory} GB, Node ${process.version}, ${os.platform()}`;
}

/** A section's text: its heading, when, how and where it was measured, then the printed lines. */
export function figuresSection({ title, command, lines, date = new Date(), on = machine() }) {
  const when = `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return [
    `## ${title}`,
    '',
    `Measured ${when} with \`${command}\` on ${on}.`,
    '',
    '```text',
    ...lines,
    '```',
  ].join('\n');
}

/** Replaces section `name` of the figures file with `section` (see figuresSection). */
export function writeFigures(name, section, file = FIGURES_FILE) {
  const before = existsSync(file) ? readFileSync(file, 'utf8') : HEADER;
  writeFileSync(file, replaceSection(before, name, figuresSection(section)));
  console.log(`\nfigures written to ${file} (section "${name}")`);
}

/** The command this process runs as, in the words a person types (`npm run bench:server -- html`). */
export function commandLine(script) {
  const args = process.argv.slice(2);
  return args.length ? `${script} -- ${args.join(' ')}` : script;
}

/**
 * Runs `measure`, which prints its tables as it always did, and keeps those lines as section `name`.
 * A measurement that throws writes nothing: the last good figures stay.
 */
export async function recordFigures(name, { title, command }, measure, file = FIGURES_FILE) {
  const lines = [];
  const log = console.log;
  console.log = (...args) => {
    log(...args);
    lines.push(...format(...args).split('\n'));
  };
  let result;
  try {
    result = await measure();
  } finally {
    console.log = log;
  }
  while (lines[0]?.trim() === '') lines.shift();
  while (lines.at(-1)?.trim() === '') lines.pop();
  writeFigures(name, { title, command, lines }, file);
  return result;
}
