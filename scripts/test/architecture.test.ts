// The rules of ARCHITECTURE.md as `npm run lint` holds them (eslint.config.js): each probe is code
// that breaks one rule, linted with the project's own configuration, beside code that keeps it.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';

const eslint = new ESLint();

/** The rules that `text`, as the file `file` of the repository, breaks. */
async function brokenRules(file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.resolve(file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

/** A module that imports `from` and nothing else. */
const probe = (from: string) => `import * as probe from '${from}';\nexport const x = probe;\n`;

/** That `file` may not import `from` (a zone of import-x/no-restricted-paths refuses it). */
async function refuses(file: string, from: string) {
  expect(await brokenRules(file, probe(from)), `${file} → ${from}`).toContain(
    'import-x/no-restricted-paths',
  );
}

function functionOf(lines: number): string {
  const body = Array.from({ length: lines - 3 }, (_, n) => `  total += ${n};`);
  return ['export function long(total: number) {', ...body, '  return total;', '}', ''].join('\n');
}

describe('import cycles', () => {
  const dir = path.resolve('src', `.cycle-probe-${process.pid}`);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses two modules that import each other, and accepts one-way imports', async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
    writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
    writeFileSync(path.join(dir, 'c.ts'), "import { a } from './a';\nexport const c = () => a;\n");
    const results = await eslint.lintFiles([dir]);
    const cycles = Object.fromEntries(
      results.map((result) => [
        path.basename(result.filePath),
        result.messages.filter((message) => message.ruleId === 'import-x/no-cycle').length,
      ]),
    );
    expect(cycles).toEqual({ 'a.ts': 1, 'b.ts': 1, 'c.ts': 0 });
  });
});

describe('imports', () => {
  it('refuses an import of a file that does not exist, in a script tsc does not read too', async () => {
    const missing = "import { gone } from './moved-away.mjs';\nexport const x = gone;\n";
    expect(await brokenRules('scripts/run/probe.mjs', missing)).toContain('import-x/no-unresolved');
    const present = "import { isStale } from './freshness.mjs';\nexport const x = isStale;\n";
    expect(await brokenRules('scripts/run/probe.mjs', present)).toEqual([]);
  });
});

describe("the server's top level", () => {
  it('holds only its entries, main.ts, config.ts and cli.ts (and their tests)', () => {
    const files = readdirSync('server', { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name.replace(/\.test\.ts$/, '.ts'));
    expect(new Set(files)).toEqual(new Set(['main.ts', 'config.ts', 'cli.ts']));
  });
});

describe('small functions', () => {
  it.each(['src/app/probe.ts', 'server/db/probe.ts', 'scripts/reliability/probe.ts'])(
    'refuses a function of 81 lines in %s, and accepts one of 80',
    async (file) => {
      expect(await brokenRules(file, functionOf(81))).toContain('max-lines-per-function');
      expect(await brokenRules(file, functionOf(80))).toEqual([]);
    },
  );
});

describe("the server's folders", () => {
  it('keeps test helpers out of the product, and lets tests use them', async () => {
    const helper = probe('../testing/fixtures.ts');
    expect(await brokenRules('server/http/probe.ts', helper)).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await brokenRules('server/http/probe.test.ts', helper)).toEqual([]);
    expect(
      await brokenRules('src/forms/probe.ts', probe('../../server/testing/smtp.ts')),
    ).toContain('import-x/no-restricted-paths');
  });

  it('lets a folder import the ones below it, never one above it', async () => {
    expect(await brokenRules('server/intake/probe.ts', probe('../store/store.ts'))).toEqual([]);
    expect(await brokenRules('server/http/probe.ts', probe('../admin/routes.ts'))).toEqual([]);
    for (const [file, from] of [
      ['server/db/probe.ts', '../intake/forms.ts'],
      ['server/store/probe.ts', '../mail/outbox.ts'],
      ['server/mail/probe.ts', '../data/export.ts'],
      ['server/admin/probe.ts', '../http/app.ts'],
      ['server/data/probe.ts', '../main.ts'],
      ['server/config.ts', './db/database.ts'],
    ] as const) {
      expect(await brokenRules(file, probe(from)), `${file} → ${from}`).toContain(
        'import-x/no-restricted-paths',
      );
    }
  });

  it("lets the renderers alone use the build's document steps", async () => {
    const documents = 'scripts/build/documents.ts';
    expect(
      await brokenRules('server/site/render/probe.ts', probe(`../../../${documents}`)),
    ).toEqual([]);
    await refuses('server/site/probe.ts', `../../${documents}`);
    await refuses('server/http/probe.ts', `../../${documents}`);
    await refuses('server/site/render/probe.ts', '../../../scripts/build/prerender.ts');
    await refuses('server/site/render/probe.ts', '../site-store.ts');
  });

  it("keeps scripts/run/ to the server's bundle", async () => {
    expect(await brokenRules('scripts/run/probe.mjs', probe('../../server/config.ts'))).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await brokenRules('scripts/run/probe.mjs', probe('./freshness.mjs'))).toEqual([]);
  });
});

describe("the site's layers", () => {
  // Each layer's rule is probed on its own: a later block of eslint.config.js that set the same
  // rule for the same files would replace it there (flat config), as it once did for components.
  it('keeps features and the app out of content, forms and components', async () => {
    for (const file of ['src/content/probe.ts', 'src/forms/probe.ts', 'src/components/probe.ts']) {
      await refuses(file, '../features/home/hero-section.tsx');
      await refuses(file, '../app/layout.tsx');
    }
    await refuses('src/components/probe.test.ts', '../features/home/hero-section.tsx');
    expect(await brokenRules('src/components/probe.ts', probe('../content/site.ts'))).toEqual([]);
    expect(await brokenRules('src/components/probe.ts', probe('../forms/rules.ts'))).toEqual([]);
  });

  it('keeps business time to the facts of content', async () => {
    await refuses('src/business-time/probe.ts', '../forms/rules.ts');
    await refuses('src/business-time/probe.ts', '../components/button-link.tsx');
    expect(await brokenRules('src/business-time/probe.ts', probe('../content/company.ts'))).toEqual(
      [],
    );
  });

  it('keeps content to data, and lets its tests reach further', async () => {
    await refuses('src/content/probe.ts', '../components/button-link.tsx');
    await refuses('src/content/probe.ts', '../admin/api.ts');
    expect(
      await brokenRules('src/content/probe.test.ts', probe('../components/button-link.tsx')),
    ).toEqual([]);
  });

  it('lets a feature use the shared parts, never another feature, the app or the inbox', async () => {
    const file = 'src/features/home/probe.ts';
    expect(await brokenRules(file, probe('../../components/button-link.tsx'))).toEqual([]);
    await refuses(file, '../team/team-page.tsx');
    await refuses(file, '../../app/layout.tsx');
    await refuses(file, '../../admin/api.ts');
    await refuses(file, '../../content/admin.ts');
  });

  it('keeps the inbox out of the public site, and public pages out of the inbox', async () => {
    for (const file of ['src/app/probe.ts', 'src/components/probe.ts', 'src/main.tsx']) {
      await refuses(file, file === 'src/main.tsx' ? './admin/api.ts' : '../admin/api.ts');
    }
    await refuses('src/app/probe.ts', '../content/admin-site.ts');
    await refuses('src/admin/probe.ts', '../features/home/hero-section.tsx');
    await refuses('src/admin/probe.ts', '../app/layout.tsx');
    expect(await brokenRules('src/app/probe.ts', probe('../features/home/home-page.tsx'))).toEqual(
      [],
    );
  });
});

describe("the inbox's features", () => {
  it('lets a feature use what they share, never another feature or the wiring', async () => {
    const file = 'src/admin/inbox/probe.ts';
    for (const shared of ['../shared/format.ts', '../api.ts', '../contract.ts']) {
      expect(await brokenRules(file, probe(shared))).toEqual([]);
    }
    await refuses(file, '../submission/use-save.ts');
    await refuses(file, '../admin-app.tsx');
    await refuses('src/admin/site/probe.ts', '../desk/weekly-chart.tsx');
    // A test renders the whole app.
    expect(await brokenRules('src/admin/inbox/probe.test.ts', probe('../admin-app.tsx'))).toEqual(
      [],
    );
  });

  it("keeps the site editor's folders one above the other", async () => {
    await refuses('src/admin/site/draft/probe.ts', '../fields/field-ids.ts');
    await refuses('src/admin/site/fields/probe.ts', '../publish/errors.ts');
    await refuses('src/admin/site/publish/probe.ts', '../use-site.ts');
    expect(
      await brokenRules('src/admin/site/publish/probe.ts', probe('../fields/field-ids.ts')),
    ).toEqual([]);
  });

  it('keeps what they share free of every feature', async () => {
    await refuses('src/admin/shared/probe.ts', '../inbox/use-inbox.ts');
    await refuses('src/admin/api.ts', './account/panel.tsx');
  });

  it('lets the server import the contracts alone, which import no UI', async () => {
    const file = 'server/admin/probe.ts';
    expect(await brokenRules(file, probe('../../src/admin/contract.ts'))).toEqual([]);
    expect(await brokenRules(file, probe('../../src/admin/site-contract.ts'))).toEqual([]);
    await refuses(file, '../../src/admin/api.ts');
    await refuses('src/admin/contract.ts', './shared/format.ts');
    await refuses('src/admin/contract.ts', '../components/button-link.tsx');
  });
});

/** Every folder under `top`, as `top/a/b`. */
function foldersOf(top: string): string[] {
  return readdirSync(top, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .flatMap((entry) => {
      const folder = `${top}/${entry.name}`;
      return [folder, ...foldersOf(folder)];
    });
}

describe('the map', () => {
  const map = readFileSync('ARCHITECTURE.md', 'utf8');
  const lines = map.split('\n');

  it.each(['src', 'server', 'scripts'].flatMap(foldersOf))('ARCHITECTURE.md names %s', (folder) => {
    const parent = path.posix.dirname(folder);
    const name = path.posix.basename(folder);
    const named =
      map.includes(`${folder}/`) ||
      lines.some((line) => line.includes(`${parent}/`) && new RegExp(`\\b${name}\\b`).test(line));
    expect(named).toBe(true);
  });

  it.each([
    ...foldersOf('server'),
    ...foldersOf('scripts'),
    'src/admin',
    ...foldersOf('src/admin'),
  ])('%s opens with a README that says what it may import', (folder) => {
    const readme = path.join(folder, 'README.md');
    expect(existsSync(readme)).toBe(true);
    expect(readFileSync(readme, 'utf8')).toMatch(/^May import/m);
  });
});

describe('released migrations', () => {
  it('import types alone: no step is built from code that changes with the app', async () => {
    const file = 'server/db/migrations.ts';
    const value =
      "import { rosterFilters } from '../../src/admin/contract.ts';\nexport const x = rosterFilters;\n";
    expect(await brokenRules(file, value)).toContain('@typescript-eslint/no-restricted-imports');
    const types =
      "import type { EngineKind } from './engine.ts';\nexport const x: EngineKind = 'sqlite';\n";
    expect(await brokenRules(file, types)).toEqual([]);
  });
});
