// The docs match the code: every unit, path, setting and command the pages name (README,
// ARCHITECTURE.md, docs/, .env.example, deploy/*.env; for units, paths and commands also the
// Caddyfile, the Dockerfile, the drop-in example and the folders' READMEs) is the one deploy/,
// server/config.ts, package.json and the CLIs' usage texts define (scripts/test/docs-facts.ts reads
// both sides). A setting is a variable read from the environment, never a constant of the code.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ENVIRONMENT_VARIABLES } from '../../server/config.ts';
import { usage as adminUsage } from '../../server/admin/cli.ts';
import { dataUsage } from '../../server/data/database-cli.ts';
import { usage as submissionsUsage } from '../../server/data/submissions-cli.ts';
import {
  codeOf,
  deployFacts,
  docPages,
  invocations,
  otherPages,
  isUnder,
  unitsNamed,
  usageLines,
  usageProblem,
  where,
  type CodePiece,
} from './docs-facts.ts';

const pages = docPages();
/** Pages and the other files that name units, paths and commands (not settings). */
const allPages = [...pages, ...otherPages()];
const texts = new Map(allPages.map((page) => [page, readFileSync(page, 'utf8')]));
const code = pages.flatMap((page) => codeOf(page, texts.get(page) ?? ''));
/** The code of every page and of the other files, each line of a file not markdown a piece. */
const allCode = allPages.flatMap((page) => codeOf(page, texts.get(page) ?? ''));
const deploy = deployFacts();
const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as {
  scripts: Record<string, string>;
};

/** Every source file that may read the environment: the server, the scripts, the build, deploy/. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    if (statSync(file).isDirectory()) return sources(file);
    return /\.(ts|tsx|mjs|js|sh)$/.test(name) || name === 'Dockerfile' ? [file] : [];
  });
}
const sourceText = [
  ...['server', 'scripts', 'src', 'e2e', 'deploy'].flatMap(sources),
  ...readdirSync('.').filter((name) => /\.config\.ts$/.test(name)),
]
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');

/**
 * Variables some code reads from the environment (`env.X`, `process.env.X`, `env['X']`, a shell's
 * `${X:-…}`), settings of config.ts or not. A constant of the code is not one.
 */
const readByCode = new Set([
  ...ENVIRONMENT_VARIABLES,
  ...[...sourceText.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]*)|\[['"]([A-Z][A-Z0-9_]*)['"]\])/g)].map(
    ([, dotted, quoted]) => dotted ?? quoted ?? '',
  ),
  ...[...sourceText.matchAll(/\$\{([A-Z][A-Z0-9_]*):?[-=?+]/g)].map(([, name]) => name ?? ''),
  // A Dockerfile's build arguments (`ARG NODE_IMAGE=…`), set with `--build-arg`.
  ...[...sourceText.matchAll(/^ARG ([A-Z][A-Z0-9_]*)/gm)].map(([, name]) => name ?? ''),
]);
/**
 * Names that are not this project's settings: read by Node or its libraries (NODE_ENV, TZ,
 * NODE_EXTRA_CA_CERTS), the shell (PATH, HOME), install.sh (DESTDIR), the kernel's limits
 * (RLIMIT_NOFILE), an error code of Node's TLS (SELF_SIGNED_CERT_IN_CHAIN), and a placeholder
 * ("One VARIABLE=value a line").
 */
const NOT_SETTINGS = new Set([
  'PATH',
  'HOME',
  'NODE_ENV',
  'TZ',
  'NODE_EXTRA_CA_CERTS',
  'DESTDIR',
  'CI',
  'RLIMIT_NOFILE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'VARIABLE',
]);
/** Error codes, socket families, capabilities and signals: never settings, wherever named. */
const systemName = (name: string) => /^(SQLITE|AF|ERR|CAP|SIG|EAI)_/.test(name);
/** A name the code declares (a constant, a type): it may be named, never set. */
const codeName = (name: string) =>
  new RegExp(`\\b(?:const|let|enum|type|interface|class|function)\\s+${name}\\b`).test(sourceText);

/**
 * The environment variables a piece names: UPPER_SNAKE words, and any `NAME=` assignment, each
 * with whether it is given as a setting (assigned, a line of a block or an env file, or the first
 * cell of a table of settings) rather than named in passing in a span of prose.
 */
function variablesIn(piece: CodePiece): { name: string; asSetting: boolean }[] {
  const snake = [...piece.text.matchAll(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g)].map(
    ([name]) => name,
  );
  const assigned = new Set(
    [...piece.text.matchAll(/(?:^|[\s`'"(;#])([A-Z][A-Z0-9_]*)=/g)].map(([, name = '']) => name),
  );
  return [...new Set([...snake, ...assigned])].map((name) => ({
    name,
    asSetting: assigned.has(name) || piece.block || piece.setting === true,
  }));
}

/** Whether the docs may name `name` so: a setting must be read from the environment. */
const namedRightly = ({ name, asSetting }: { name: string; asSetting: boolean }) =>
  readByCode.has(name) ||
  NOT_SETTINGS.has(name) ||
  systemName(name) ||
  (!asSetting && codeName(name));

/** The absolute paths a page names that belong to this site (`…potomac…`). */
function sitePaths(page: string): { line: number; path: string }[] {
  const found: { line: number; path: string }[] = [];
  (texts.get(page) ?? '').split('\n').forEach((text, index) => {
    for (const [, file = ''] of text.matchAll(
      /(?:^|[\s`'"=(:])(\/[\w.$%()+\\/-]*potomac[\w.$%()+\\/-]*)/g,
    )) {
      found.push({ line: index + 1, path: file.replace(/[.)]+$/, '') });
    }
  });
  return found;
}

/** The operator's own units named after the service (`NAME-pgdump.timer`), which the docs define. */
const ownUnit = (file: string) =>
  deploy.units.some((unit) =>
    new RegExp(`^/etc/systemd/system/${unit}-[\\w-]+\\.(service|timer)$`).test(file),
  );
/**
 * The backup folder earlier docs suggested, which the unit cannot write: named only where
 * deploy-notes.md says how to upgrade from it (install.sh refuses it).
 */
const earlier = (page: string, file: string) =>
  page === 'docs/deploy-notes.md' && file === '/var/backups/potomac';
/**
 * A folder of the operator's: for what runs outside the unit (pg_dump's own timer), never the
 * server's, or one the drop-in example shows how to let the server write (a second disk).
 */
const ownFolder = (file: string) =>
  deploy.units.some((unit) => isUnder(file, `/var/backups/${unit}`)) ||
  deploy.examples.some((folder) => isUnder(file, folder));

describe('the docs and deploy/', () => {
  it('read the shipped unit and its paths from deploy/', () => {
    expect(deploy.units).toEqual(['potomac-staffing']);
    expect(deploy.installed).toEqual(
      expect.arrayContaining([
        '/opt/potomac-staffing',
        '/etc/potomac-staffing',
        '/var/lib/potomac-staffing',
      ]),
    );
    expect(code.length).toBeGreaterThan(500);
  });

  it('name the shipped unit in every systemctl and journalctl line', () => {
    const defined = new Set(
      allPages
        .flatMap((page) => sitePaths(page).filter(({ path: file }) => ownUnit(file)))
        .map(({ path: file }) => path.posix.basename(file).replace(/\.(service|timer)$/, '')),
    );
    const wrong = allCode.flatMap((piece) =>
      unitsNamed(piece.text)
        .filter((name) => name.includes('potomac'))
        .filter(
          (name) => !deploy.units.includes(name) && !defined.has(name.replace(/\.timer$/, '')),
        )
        .map((name) => where(piece, name)),
    );
    expect(wrong).toEqual([]);
  });

  it('name only paths deploy/ installs (or the operator’s own pg_dump folder and units)', () => {
    const wrong = allPages.flatMap((page) =>
      sitePaths(page)
        .filter(({ path: file }) => !deploy.installed.some((folder) => isUnder(file, folder)))
        .filter(({ path: file }) => !ownUnit(file) && !ownFolder(file) && !earlier(page, file))
        .map(({ line, path: file }) => `${page}:${line} ${file}`),
    );
    expect(wrong).toEqual([]);
  });

  it('put BACKUP_DIR only where the unit lets the server write', () => {
    const wrong = code.flatMap((piece) =>
      [...piece.text.matchAll(/\bBACKUP_DIR=(\/\S*)/g)]
        .map(([, folder = '']) => folder.replace(/[`'"]+$/, ''))
        .filter((folder) => !deploy.writable.some((writable) => isUnder(folder, writable)))
        .filter((folder) => !earlier(piece.page, folder))
        .map((folder) => where(piece, `BACKUP_DIR=${folder}`)),
    );
    expect(deploy.writable.length).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });
});

describe('the settings the docs name', () => {
  it('are read by the code (server/config.ts, or a script for tests and benchmarks)', () => {
    const wrong = code.flatMap((piece) =>
      variablesIn(piece)
        .filter((variable) => !namedRightly(variable))
        .map(({ name }) => where(piece, name)),
    );
    expect(wrong).toEqual([]);
  });

  it('refuse a constant of the code set as a setting, in a block or a table; take it named in prose', () => {
    const page = [
      '```sh',
      'CACHE_MS=2000',
      'ERASE_BATCH=50',
      '```',
      '| variable | what |',
      '| -------- | ---- |',
      '| `CACHE_MS` | held |',
      '',
      'The readiness answer is held for `CACHE_MS`; a retention batch is `ERASE_BATCH` rows.',
    ].join('\n');
    const wrong = codeOf('docs/example.md', page).flatMap((piece) =>
      variablesIn(piece)
        .filter((variable) => !namedRightly(variable))
        .map(({ name }) => `${piece.line} ${name}`),
    );
    expect(wrong).toEqual(['2 CACHE_MS', '3 ERASE_BATCH', '7 CACHE_MS']);
  });

  it('include every setting of server/config.ts, in docs/configuration.md and .env.example', () => {
    const reference = texts.get('docs/configuration.md') ?? '';
    const example = texts.get('.env.example') ?? '';
    const missing = ENVIRONMENT_VARIABLES.filter(
      (name) =>
        !reference.includes(`| \`${name}\``) || !new RegExp(`^# ${name}=`, 'm').test(example),
    );
    expect(missing).toEqual([]);
  });
});

describe('the commands the docs name', () => {
  const calls = allCode.flatMap((piece) =>
    invocations(piece, scripts).map((call) => ({ piece, call })),
  );
  const usages = usageLines([adminUsage, dataUsage, submissionsUsage].join('\n'));

  it('finds the CLIs’ commands and the docs’ calls', () => {
    expect(usages.map((line) => line.script)).toEqual(
      expect.arrayContaining(['admin', 'backup', 'restore', 'db', 'submissions']),
    );
    expect(calls.length).toBeGreaterThan(50);
  });

  it('are npm scripts of package.json', () => {
    const wrong = calls
      .filter(({ call }) => !(call.script in scripts))
      .map(({ piece, call }) => where(piece, `npm run ${call.script}`));
    expect(wrong).toEqual([]);
  });

  it('give each CLI a subcommand and the flags its usage text has', () => {
    const wrong = calls.flatMap(({ piece, call }) => {
      const problem = usageProblem(call, usages);
      return problem ? [where(piece, problem)] : [];
    });
    expect(wrong).toEqual([]);
  });
});
