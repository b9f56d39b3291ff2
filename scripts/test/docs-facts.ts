// What the docs say an operator should type, read out of the pages (README, ARCHITECTURE.md, docs/,
// .env.example, deploy/*.env), and what is true, read out of deploy/, package.json and the CLIs'
// usage texts. scripts/test/docs.test.ts compares the two, so that a renamed unit, a moved folder or a
// setting that does not exist fails a test, not an operator at 3 a.m.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** A piece of code on a page: a line of a fenced block (or of an env file) or an inline span. */
export interface CodePiece {
  page: string;
  line: number;
  text: string;
  /** A whole line of a block (or of an env file); else an inline span. */
  block: boolean;
  /** A line of a shell or cron block: what an operator types. */
  command: boolean;
  /** An inline span in the first cell of a table of settings (its header's first cell "variable"). */
  setting?: boolean;
}

/** The blocks whose lines are commands as typed. */
const COMMAND_BLOCKS = ['sh', 'bash', 'shell', 'console', 'cron'];

/** The folders' own READMEs (server/**, scripts/**, src/**), found at any depth. */
function folderReadmes(root: string, dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : folderReadmes(root, file);
    return entry.name === 'README.md' ? [file] : [];
  });
}

/**
 * Files beside the pages that name units, paths and commands (in comments or instructions): the
 * Caddyfile, the Dockerfile, the drop-in example and the folders' READMEs. Read for those, not
 * for settings (a Dockerfile's `ENV` and a README's prose are checked by their own tests).
 */
export function otherPages(root = '.'): string[] {
  return [
    'deploy/Caddyfile',
    'deploy/Dockerfile',
    'deploy/override.conf.example',
    ...['server', 'scripts', 'src'].flatMap((dir) => folderReadmes(root, dir)),
  ];
}

/** The pages the test reads. */
export function docPages(root = '.'): string[] {
  const inDir = (dir: string, ending: string) =>
    readdirSync(path.join(root, dir))
      .filter((name) => name.endsWith(ending))
      .map((name) => `${dir}/${name}`);
  return [
    'README.md',
    'ARCHITECTURE.md',
    ...inDir('docs', '.md'),
    '.env.example',
    ...inDir('deploy', '.env'),
  ];
}

/** The code of a page: every line of an env file; a markdown page's blocks and inline spans. */
export function codeOf(page: string, text: string): CodePiece[] {
  const lines = text.split('\n');
  if (!page.endsWith('.md')) {
    return lines.map((line, index) => ({
      page,
      line: index + 1,
      text: line,
      block: true,
      command: false,
    }));
  }
  const pieces: CodePiece[] = [];
  let fence: string | undefined;
  let command = false;
  let settingsTable = false;
  lines.forEach((line, index) => {
    if (fence === undefined && line.startsWith('|')) {
      if (!/^\|\s*`/.test(line) && !/^\|[\s:-]+\|/.test(line)) {
        settingsTable = /^\|\s*variable\s*\|/i.test(line);
      }
    } else {
      settingsTable = false;
    }
    const [, marker, info = ''] = /^\s*(`{3,}|~{3,})\s*(\w*)/.exec(line) ?? [];
    if (marker && (fence === undefined || marker.startsWith(fence))) {
      fence = fence === undefined ? marker : undefined;
      command = COMMAND_BLOCKS.includes(info);
      return;
    }
    if (fence !== undefined) {
      pieces.push({ page, line: index + 1, text: line, block: true, command });
      return;
    }
    const firstCell = settingsTable ? (/^\|([^|]*)\|/.exec(line)?.[1] ?? '') : '';
    for (const [, , span = ''] of line.matchAll(/(`+)(.+?)\1/g)) {
      const setting = settingsTable && firstCell.includes(span);
      pieces.push({
        page,
        line: index + 1,
        text: span.trim(),
        block: false,
        command: false,
        setting,
      });
    }
  });
  return pieces;
}

/** Where a piece is, for a failure's message. */
export const where = (piece: CodePiece, what: string) => `${piece.page}:${piece.line} ${what}`;

// ---- deploy/: the unit's name and the paths it and install.sh use -------------------------------

/** A unit file's settings as `Section.Key` → every value (a key may repeat). */
export function unitSettings(text: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  let section = '';
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(\w+)\]$/.exec(line);
    if (header?.[1]) {
      section = header[1];
      continue;
    }
    const at = line.indexOf('=');
    const key = `${section}.${line.slice(0, at)}`;
    settings.set(key, [...(settings.get(key) ?? []), line.slice(at + 1)]);
  }
  return settings;
}

export interface DeployFacts {
  /** The shipped units' names, without `.service`. */
  units: string[];
  /** Folders and files of the installed service: a path the docs name must be one or inside one. */
  installed: string[];
  /** Folders the service may write (StateDirectory=, ReadWritePaths=). */
  writable: string[];
  /** Folders the drop-in example shows the operator how to add (its `#ReadWritePaths=` lines). */
  examples: string[];
}

/** install.sh's `VAR="$(at /path/$NAME…)"` paths, and the siblings it makes (`$APP.previous`). */
function installPaths(script: string): string[] {
  const name = /^NAME=(\S+)$/m.exec(script)?.[1] ?? '';
  const vars = new Map<string, string>();
  for (const [, variable = '', at = ''] of script.matchAll(/^(\w+)="\$\(at ([^)]+)\)"$/gm)) {
    vars.set(variable, at.replaceAll('$NAME', name));
  }
  const siblings = [...script.matchAll(/"\$(\w+)\.(\w+)"/g)].flatMap(([, variable = '', tail]) => {
    const base = vars.get(variable);
    return base ? [`${base}.${tail}`] : [];
  });
  return [...vars.values(), ...siblings];
}

/** What deploy/ installs where (its unit files, install.sh, and any drop-in example). */
export function deployFacts(root = '.'): DeployFacts {
  const dir = path.join(root, 'deploy');
  const files = readdirSync(dir);
  const services = files.filter((name) => name.endsWith('.service'));
  const unitTexts = files
    .filter((name) => /\.(service|conf(\.example)?)$/.test(name))
    .map((name) => unitSettings(readFileSync(path.join(dir, name), 'utf8')));
  const all = (key: string) => unitTexts.flatMap((unit) => unit.get(key) ?? []);
  const words = (key: string) => all(key).flatMap((value) => value.split(/\s+/).filter(Boolean));
  const stateDirs = words('Service.StateDirectory').map((name) => `/var/lib/${name}`);
  const writable = [
    ...stateDirs,
    ...words('Service.ReadWritePaths').map((p) => p.replace(/^-/, '')),
  ];
  const units = services.map((name) => name.replace(/\.service$/, ''));
  const installed = [
    ...writable,
    ...all('Service.WorkingDirectory'),
    ...all('Service.EnvironmentFile').map((file) => path.posix.dirname(file.replace(/^-/, ''))),
    ...installPaths(readFileSync(path.join(dir, 'install.sh'), 'utf8')),
    // The operator's drop-ins beside the installed unit (install.sh never touches them).
    ...units.map((unit) => `/etc/systemd/system/${unit}.service.d`),
  ];
  const example = readFileSync(path.join(dir, 'override.conf.example'), 'utf8');
  const examples = [...example.matchAll(/^#ReadWritePaths=(.+)$/gm)].flatMap(([, value = '']) =>
    value.split(/\s+/).filter(Boolean),
  );
  return { units, installed: [...new Set(installed)], writable, examples };
}

/** Whether `file` is `folder` or inside it. */
export const isUnder = (file: string, folder: string) =>
  file === folder || file.startsWith(folder.endsWith('/') ? folder : `${folder}/`);

// ---- The commands the docs name ---------------------------------------------------------------

/** The units a `systemctl …` or `journalctl -u …` in `text` names (quotes and `.service` off). */
export function unitsNamed(text: string): string[] {
  const names: string[] = [];
  for (const [, rest = ''] of text.matchAll(/\bsystemctl\s+([^;&|`#)]*)/g)) {
    const words = rest.split(/\s+/).filter((word) => word && !word.startsWith('-'));
    names.push(...words.slice(1));
  }
  for (const [, name = ''] of text.matchAll(
    /\bjournalctl\b[^;&|`#]*?(?:-u\s*|--unit[=\s])(\S+)/g,
  )) {
    names.push(name);
  }
  return names
    .map((name) => name.replace(/^["']|["']$/g, '').replace(/\.service$/, ''))
    .filter((name) => /^[\w@.-]+$/.test(name));
}

/** A command the docs name: an npm script and the words after its `--`. */
export interface Invocation {
  script: string;
  args: string[];
  /** Outside a command line: `npm run X` or `npm run X -- SUB` may name a command, not type it. */
  reference: boolean;
}

/** The words of a command line, up to a comment, a pipe, a redirect or the next command. */
function argsOf(rest: string): string[] {
  const words: string[] = [];
  for (const word of rest.trim().split(/\s+/)) {
    if (!word || /^(#|\||>|<|&&|;|\)|2>)/.test(word)) break;
    words.push(word.replace(/^["']|["']$/g, ''));
  }
  return words;
}

/**
 * The npm scripts a piece of code runs: `npm run X [-- args]`, or a script's own command
 * (`node scripts/run/data.mjs backup …`, as the docs write it under systemd), mapped back to X.
 */
export function invocations(piece: CodePiece, scripts: Record<string, string>): Invocation[] {
  const found: Invocation[] = [];
  // A shell line's comment is prose.
  const text = piece.command ? piece.text.replace(/(^|\s)#.*$/, '') : piece.text;
  for (const [, script = '', rest = ''] of text.matchAll(
    /\bnpm run ([\w:.-]*[\w])((?:[^\S\n]+--(?=\s))?[^`]*)?/g,
  )) {
    const typed = /^\s+--\s/.test(rest);
    const args = typed ? argsOf(rest.replace(/^\s+--/, '')) : [];
    // `npm run X`: a placeholder for any script (scripts' names are lower case).
    if (/^[A-Z]+$/.test(script)) continue;
    found.push({ script, args, reference: !piece.command });
  }
  // Longest command first: `node scripts/run/data.mjs backup` before any shorter one.
  const commands = Object.entries(scripts)
    .filter(([, command]) => command.startsWith('node scripts/run/'))
    .sort(([, a], [, b]) => b.length - a.length);
  for (const [, rest = ''] of text.matchAll(/\b(node scripts\/run\/[^`|;&#)]*)/g)) {
    const entry = commands.find(
      ([, command]) => rest === command || rest.startsWith(`${command} `),
    );
    if (entry) {
      found.push({ script: entry[0], args: argsOf(rest.slice(entry[1].length)), reference: false });
    }
  }
  return found;
}

/** One line of a CLI's usage text: `npm run X -- ARGS`. */
export interface UsageLine {
  script: string;
  /** The words it must be given (subcommands and flags), placeholders and `[…]` left out. */
  required: string[];
  /** Every flag it takes, optional ones included. */
  flags: string[];
}

/** The `npm run X -- …` lines of a usage text. */
export function usageLines(usage: string): UsageLine[] {
  return [...usage.matchAll(/npm run ([\w:-]+) -- (.+?)(?: {2,}|$)/gm)].map(
    ([, script = '', spec = '']) => {
      const words = argsOf(spec);
      const required = argsOf(spec.replace(/\[[^\]]*\]/g, ' ')).filter((word) =>
        /^(--)?[a-z][a-z-]*$/.test(word),
      );
      return {
        script,
        required,
        flags: words.flatMap((word) => /--[a-z][a-z-]*/.exec(word) ?? []),
      };
    },
  );
}

/** Why an invocation does not match its CLI's usage, or undefined when it does. */
export function usageProblem(call: Invocation, lines: readonly UsageLine[]): string | undefined {
  const own = lines.filter((line) => line.script === call.script);
  if (own.length === 0) return undefined;
  const subcommands = own.flatMap((line) =>
    line.required.filter((word) => !word.startsWith('--')).slice(0, 1),
  );
  const [first] = call.args;
  if (
    call.reference &&
    (call.args.length === 0 || (call.args.length === 1 && subcommands.includes(first ?? '')))
  ) {
    return undefined;
  }
  const given = call.args.map((word) => word.replace(/=.*$/, ''));
  const fits = own.some(
    (line) =>
      line.required.every((word) => given.includes(word)) &&
      (line.required[0]?.startsWith('--') !== false || line.required[0] === first) &&
      given.filter((word) => word.startsWith('--')).every((flag) => line.flags.includes(flag)),
  );
  return fits ? undefined : `npm run ${call.script} -- ${call.args.join(' ')}`;
}
