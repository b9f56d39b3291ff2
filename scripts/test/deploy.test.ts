// deploy/: the systemd unit, the Caddyfile, the Dockerfile and install.sh, checked as far as `npm
// test` can (docs/deploy-notes.md): systemd-analyze and caddy when they are installed, the install
// into a throwaway root when run as root, the Dockerfile by its shape. Run for real, by hand:
// systemd-unit.sh (the unit under systemd) and container-image.sh (the image built and run).
import { spawn, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config.ts';
import { unitSettings } from './docs-facts.ts';

const NAME = 'potomac-staffing';
const UNIT = `deploy/${NAME}.service`;

function has(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
}

/** A test's name, saying why it is skipped when `missing` is a reason. */
function unless(missing: string | false, name: string): string {
  return missing ? `${name} (skipped: ${missing})` : name;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { encoding: 'utf8', env });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** VARIABLE=value lines, as systemd's EnvironmentFile= and Node's loadEnvFile read them. */
function envFile(text: string): Record<string, string> {
  const lines = text.split('\n').filter((line) => /^[A-Z_]+=/.test(line));
  return Object.fromEntries(
    lines.map((line) => [line.split('=')[0], line.slice(line.indexOf('=') + 1)]),
  );
}

const unit = unitSettings(readFileSync(UNIT, 'utf8'));
const template = envFile(readFileSync(`deploy/${NAME}.env`, 'utf8'));
const setting = (key: string) => unit.get(key)?.at(-1);

describe('the systemd unit', () => {
  const noAnalyze =
    !has('systemd-analyze') && 'systemd-analyze is not installed (apt-get install systemd)';
  it.skipIf(noAnalyze)(unless(noAnalyze, 'passes systemd-analyze verify'), () => {
    const units = readdirSync('deploy').filter((file) => file.endsWith('.service'));
    const { status, output } = run('systemd-analyze', [
      'verify',
      ...units.map((u) => `deploy/${u}`),
    ]);
    expect(output.split('\n').filter((line) => line.includes(NAME))).toEqual([]);
    expect(status).toBe(0);
  });

  const offline =
    has('systemd-analyze') &&
    run('systemd-analyze', ['security', '--help']).output.includes('--offline');
  const noOffline = !offline && 'needs systemd-analyze 250 or later (security --offline)';
  it.skipIf(noOffline)(
    unless(noOffline, 'is exposed at most 2.0 by systemd-analyze security'),
    () => {
      const { output } = run('systemd-analyze', ['security', '--offline=yes', UNIT]);
      const score = /Overall exposure level for \S+: ([\d.]+)/.exec(output)?.[1];
      expect(Number(score)).toBeLessThanOrEqual(2);
    },
  );

  it('runs the built server as its own user, on its state directory, from the env file', () => {
    expect(setting('Service.User')).toBe(NAME);
    const sysusers = readFileSync(`deploy/${NAME}.sysusers`, 'utf8');
    expect(sysusers).toMatch(new RegExp(`^u ${NAME} .*/usr/sbin/nologin$`, 'm'));
    expect(setting('Service.StateDirectory')?.split(' ')[0]).toBe(NAME);
    // The data where systemd made the state directory, whichever file says it.
    expect(setting('Service.Environment')).toContain(`DATA_DIR=/var/lib/${NAME}`);
    expect(template.DATA_DIR).toBe(`/var/lib/${NAME}`);
    expect(setting('Service.EnvironmentFile')).toBe(`/etc/${NAME}/env`);
    expect(setting('Service.WorkingDirectory')).toBe(`/opt/${NAME}`);
    expect(setting('Service.ExecStart')).toBe('/usr/bin/node build/server/main.js');
    expect(setting('Service.Restart')).toBe('on-failure');
  });

  it('stops a crash loop: its start limit trips before the restarts spread past its interval', () => {
    const interval = Number(setting('Unit.StartLimitIntervalSec'));
    const burst = Number(setting('Unit.StartLimitBurst'));
    const restartSec = Number(/^(\d+)s?$/.exec(setting('Service.RestartSec') ?? '')?.[1]);
    expect(burst).toBeGreaterThanOrEqual(3);
    expect(burst).toBeLessThanOrEqual(10);
    // `burst` failed starts, `restartSec` apart, all fall within one interval: the limit is hit.
    expect(burst * restartSec).toBeLessThan(interval);
    expect(interval).toBeLessThanOrEqual(900);
  });

  it('lets the server write the backup folder, for the nightly copies and the one before a migration', () => {
    // ProtectSystem=strict: the only writable folders are the state directories and ReadWritePaths.
    const writable = [
      ...(setting('Service.StateDirectory') ?? '').split(/\s+/).map((dir) => `/var/lib/${dir}`),
      ...(unit.get('Service.ReadWritePaths') ?? []).flatMap((line) => line.split(/\s+/)),
    ];
    const config = loadConfig(template);
    const folders = [config.backups?.dir, config.database.upgradeBackupDir];
    expect(folders).toEqual([template.BACKUP_DIR, template.BACKUP_DIR]);
    for (const folder of folders) expect(writable).toContain(folder);
    // The drop-in example says how to add a folder elsewhere, in the drop-in folder's own syntax.
    const example = unitSettings(readFileSync('deploy/override.conf.example', 'utf8'));
    expect([...example.keys()].every((key) => /^(Unit|Service)\./.test(key))).toBe(true);
  });

  it('is hardened, without what breaks Node', () => {
    expect(setting('Service.ProtectSystem')).toBe('strict');
    expect(setting('Service.NoNewPrivileges')).toBe('yes');
    expect(setting('Service.CapabilityBoundingSet')).toBe('');
    // V8's JIT needs writable and executable memory.
    expect(unit.has('Service.MemoryDenyWriteExecute')).toBe(false);
  });

  it('has an environment file that is a valid configuration behind a proxy on this machine', () => {
    const config = loadConfig(template);
    expect(config.host).toBe('127.0.0.1');
    expect(config.trustProxy).toEqual({ proxies: ['loopback'], hops: undefined });
    expect(config.cookieSecure).toBe(true);
    expect(config.database.url).toBe(`file:/var/lib/${NAME}/submissions.db`);
  });
});

describe('the Caddyfile', () => {
  const caddyfile = readFileSync('deploy/Caddyfile', 'utf8');

  it('serves a domain over HTTPS, compressed, and passes everything to the server', () => {
    // A bare domain as the site's address: Caddy gets its certificate and redirects HTTP.
    expect(caddyfile).toMatch(/^staffing\.example\.com \{$/m);
    expect(caddyfile).toMatch(/^\tencode zstd gzip$/m);
    // One reverse_proxy with no path: /admin/ and the forms reach the same server, on the port
    // the environment file gives it, over loopback, which TRUST_PROXY=loopback believes.
    const proxies = caddyfile.match(/^\treverse_proxy .*$/gm);
    expect(proxies).toEqual([`\treverse_proxy ${template.HOST}:${template.PORT}`]);
    expect(template.TRUST_PROXY).toBe('loopback');
  });

  const noCaddy = !has('caddy') && 'caddy is not installed (apt-get install caddy)';
  it.skipIf(noCaddy)(unless(noCaddy, 'is valid for caddy'), () => {
    const { status, output } = run('caddy', [
      'validate',
      '--config',
      'deploy/Caddyfile',
      '--adapter',
      'caddyfile',
    ]);
    expect(output).toContain('Valid configuration');
    expect(status).toBe(0);
  });
});

/** The Dockerfile's instructions, continuation lines joined, stage by stage. */
function dockerStages(text: string) {
  const args = new Map<string, string>();
  const stages: { from: string; lines: string[] }[] = [];
  const joined = text.replace(/\\\n\s*/g, ' ').split('\n');
  for (const line of joined.map((l) => l.trim()).filter((l) => l && !l.startsWith('#'))) {
    const arg = /^ARG (\w+)=(\S+)$/.exec(line);
    if (arg?.[1] && arg[2] && !stages.length) args.set(arg[1], arg[2]);
    if (line.startsWith('FROM ')) {
      const from = line.slice(5).replace(/\$\{(\w+)\}/g, (_, name: string) => args.get(name) ?? '');
      stages.push({ from, lines: [] });
    } else stages.at(-1)?.lines.push(line);
  }
  return stages;
}

describe('the Dockerfile, by its shape (built by container-image.sh)', () => {
  const stages = dockerStages(readFileSync('deploy/Dockerfile', 'utf8'));
  const runtime = stages.at(-1)?.lines ?? [];
  const instruction = (name: string) => runtime.filter((line) => line.startsWith(`${name} `));

  it('builds in one stage and runs, on Node 24, with production dependencies only', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage.from).toMatch(/^node:24[.-]/);
    const build = stages.find((stage) => stage.from.endsWith(' AS build'))?.lines ?? [];
    expect(build).toContain('RUN npm ci --no-audit --no-fund');
    expect(build).toContain('RUN npm run build');
    // The runtime's node_modules come from a stage that installed without the dev dependencies.
    const copied = /--from=(\w+) \/app\/node_modules/.exec(instruction('COPY').join('\n'))?.[1];
    const deps = stages.find((stage) => stage.from.endsWith(` AS ${copied}`));
    expect(deps?.lines.some((line) => /^RUN npm ci --omit=dev\b/.test(line))).toBe(true);
    expect(instruction('RUN').some((line) => line.includes('npm'))).toBe(false);
    expect(instruction('CMD')).toEqual(['CMD ["node", "build/server/main.js"]']);
  });

  it('runs as a user that is not root, with the data folder as a volume', () => {
    const user = instruction('USER').at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^USER (root|0)(:|$)/);
    const dataDir = /DATA_DIR=(\S+)/.exec(instruction('ENV').join(' '))?.[1];
    expect(instruction('VOLUME')).toEqual([`VOLUME ["${dataDir}"]`]);
  });

  it('copies what the server reads at run time, as install.sh does', () => {
    const install = readFileSync('deploy/install.sh', 'utf8');
    const parts = /for part in ([^;]+); do/.exec(install)?.[1]?.split(' ') ?? [];
    expect(parts).toContain('build');
    const copies = instruction('COPY').join('\n');
    for (const part of parts) expect(copies).toContain(`/app/${part} `);
  });

  it('leaves secrets, data and installed folders out of the build context', () => {
    const ignored = readFileSync('.dockerignore', 'utf8').split('\n');
    for (const entry of ['node_modules', 'data', '.env', '.env.*', '.git']) {
      expect(ignored).toContain(entry);
    }
  });

  describe('its healthcheck, run with this Node', () => {
    const healthcheck = instruction('HEALTHCHECK').join('');
    const command = JSON.parse(/CMD (\[.*\])$/.exec(healthcheck)?.[1] ?? '[]') as string[];
    let server: Server;
    let status = 200;

    beforeAll(async () => {
      server = createServer((request, response) => {
        response.writeHead(request.url === '/healthz' ? status : 404).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => server.close());

    /** The healthcheck's exit code (run apart: this process must stay free to answer it). */
    function check(port: number): Promise<number | null> {
      expect(command[0]).toBe('node');
      expect(healthcheck).not.toMatch(/curl|wget/);
      const child = spawn(process.execPath, command.slice(1), {
        env: { PORT: String(port) },
        stdio: 'ignore',
      });
      return new Promise((resolve) => child.once('exit', resolve));
    }

    it('passes while /healthz answers 200, fails on 503 and when nothing listens', async () => {
      const port = (server.address() as AddressInfo).port;
      status = 200;
      expect(await check(port)).toBe(0);
      status = 503;
      expect(await check(port)).toBe(1);
      await new Promise((resolve) => server.close(resolve));
      expect(await check(port)).toBe(1);
    });
  });
});

const root = process.getuid?.() === 0;
const sysusers = has('systemd-sysusers');
const node = spawnSync('/usr/bin/node', ['-v']).status === 0;
const why = !root
  ? 'needs root (it sets owners)'
  : !sysusers
    ? 'needs systemd-sysusers'
    : !node
      ? 'needs /usr/bin/node'
      : '';

describe(`install.sh into a throwaway root${why ? ` (skipped: ${why})` : ''}`, () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'deploy-install-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A built checkout in miniature: the files install.sh copies, without a real build. */
  function fakeCheckout(): string {
    const source = path.join(dir, 'source');
    const files = [
      'package.json',
      'package-lock.json',
      'build/server/main.js',
      'build/admin/index.html',
      'dist/index.html',
      'scripts/run/admin.mjs',
      'src/content/site.ts',
      'src/assets/logo.svg',
    ];
    for (const file of files) {
      mkdirSync(path.dirname(path.join(source, file)), { recursive: true });
      writeFileSync(path.join(source, file), `${file}\n`);
    }
    return source;
  }

  function install(target: string, source: string) {
    return run('bash', ['deploy/install.sh', '--root', target, '--source', source, '--skip-deps']);
  }

  const mode = (file: string) => (statSync(file).mode & 0o7777).toString(8);

  it.skipIf(why !== '')(
    'lays down the app, the user, the unit and the env file; a second run keeps the env file',
    () => {
      const source = fakeCheckout();
      const target = path.join(dir, 'root');
      const first = install(target, source);
      expect(first.output).toContain(`wrote ${target}/etc/${NAME}/env`);
      expect(first.status).toBe(0);

      const passwd = readFileSync(path.join(target, 'etc/passwd'), 'utf8');
      const user = passwd
        .split('\n')
        .find((line) => line.startsWith(`${NAME}:`))
        ?.split(':');
      expect(user?.[6]).toBe('/usr/sbin/nologin');
      const gid = Number(user?.[3]);

      const app = path.join(target, 'opt', NAME);
      expect(readFileSync(path.join(app, 'build/server/main.js'), 'utf8')).toBe(
        'build/server/main.js\n',
      );
      expect(statSync(path.join(app, 'build/server/main.js')).uid).toBe(0);
      expect(mode(path.join(app, 'build/server/main.js'))).toBe('644');
      expect(readlinkSync(path.join(app, '.env'))).toBe(`/etc/${NAME}/env`);

      const unitFile = path.join(target, 'etc/systemd/system', `${NAME}.service`);
      expect(readFileSync(unitFile, 'utf8')).toBe(readFileSync(UNIT, 'utf8'));
      expect(mode(unitFile)).toBe('644');
      const wants = path.join(
        target,
        'etc/systemd/system/multi-user.target.wants',
        `${NAME}.service`,
      );
      expect(lstatSync(wants).isSymbolicLink()).toBe(true);

      // The secrets' file: root's, readable by the service's group only.
      const env = path.join(target, 'etc', NAME, 'env');
      expect(readFileSync(env, 'utf8')).toBe(readFileSync(`deploy/${NAME}.env`, 'utf8'));
      expect([mode(env), statSync(env).uid, statSync(env).gid]).toEqual(['640', 0, gid]);
      expect(mode(path.dirname(env))).toBe('750');

      // The operator's settings survive an upgrade; the app is replaced, the old one kept beside it.
      appendFileSync(env, 'NOTIFY_TO=owner@staffing.example\n');
      // The operator's drop-in, beside the example install.sh put there.
      const dropIns = path.join(target, 'etc/systemd/system', `${NAME}.service.d`);
      expect(readFileSync(path.join(dropIns, 'override.conf.example'), 'utf8')).toBe(
        readFileSync('deploy/override.conf.example', 'utf8'),
      );
      const override = '[Service]\nReadWritePaths=/srv/backups/potomac-staffing\n';
      writeFileSync(path.join(dropIns, 'override.conf'), override);
      writeFileSync(path.join(source, 'build/server/main.js'), 'the next release\n');
      const second = install(target, source);
      expect(second.output).toContain(`kept ${target}/etc/${NAME}/env`);
      expect(second.status).toBe(0);
      expect(readFileSync(env, 'utf8')).toContain('NOTIFY_TO=owner@staffing.example\n');
      expect(readFileSync(path.join(dropIns, 'override.conf'), 'utf8')).toBe(override);
      expect(readdirSync(dropIns).sort()).toEqual(['override.conf', 'override.conf.example']);
      expect(readFileSync(path.join(app, 'build/server/main.js'), 'utf8')).toBe(
        'the next release\n',
      );
      expect(readFileSync(path.join(`${app}.previous`, 'build/server/main.js'), 'utf8')).toBe(
        'build/server/main.js\n',
      );
      const users = readFileSync(path.join(target, 'etc/passwd'), 'utf8').match(
        new RegExp(`^${NAME}:`, 'gm'),
      );
      expect(users).toHaveLength(1);
    },
  );

  it.skipIf(why !== '')(
    "stops an upgrade whose env file's BACKUP_DIR the unit cannot write, before installing anything",
    () => {
      const source = fakeCheckout();
      const target = path.join(dir, 'old-install');
      expect(install(target, source).status).toBe(0);
      const env = path.join(target, 'etc', NAME, 'env');
      const app = path.join(target, 'opt', NAME);
      const dropIns = path.join(target, 'etc/systemd/system', `${NAME}.service.d`);
      // An earlier install, set up as the old docs said.
      appendFileSync(env, 'BACKUP_DIR=/var/backups/potomac\n');
      writeFileSync(path.join(source, 'build/server/main.js'), 'the next release\n');
      const refused = install(target, source);
      expect(refused.status).toBe(1);
      expect(refused.output).toContain('BACKUP_DIR=/var/backups/potomac');
      expect(refused.output).toContain(`BACKUP_DIR=/var/lib/${NAME}/backups`);
      expect(refused.output).toContain('ReadWritePaths=/var/backups/potomac');
      expect(refused.output).toContain(`install -d -m 0700 -o ${NAME} -g ${NAME}`);
      expect(refused.output).toContain('Nothing was installed');
      expect(readFileSync(path.join(app, 'build/server/main.js'), 'utf8')).toBe(
        'build/server/main.js\n',
      );

      // Fixed by a drop-in naming a parent of the folder: the upgrade goes on.
      writeFileSync(
        path.join(dropIns, 'backups.conf'),
        '[Service]\nReadWritePaths=-/srv/other /var/backups/\n',
      );
      expect(install(target, source).status).toBe(0);
      expect(readFileSync(path.join(app, 'build/server/main.js'), 'utf8')).toBe(
        'the next release\n',
      );

      // Or by the line: a folder under the state directory needs no drop-in.
      rmSync(path.join(dropIns, 'backups.conf'));
      expect(install(target, source).status).toBe(1);
      const text = readFileSync(env, 'utf8').replace(
        'BACKUP_DIR=/var/backups/potomac',
        `BACKUP_DIR="/var/lib/${NAME}/backups"`,
      );
      writeFileSync(env, text);
      expect(install(target, source).status).toBe(0);
    },
  );

  it.skipIf(why !== '')(
    "reads BACKUP_DIR and ReadWritePaths= as systemd would: quotes, a drop-in's Environment=",
    () => {
      const source = fakeCheckout();
      const target = path.join(dir, 'drop-in-install');
      expect(install(target, source).status).toBe(0);
      const env = path.join(target, 'etc', NAME, 'env');
      const dropIns = path.join(target, 'etc/systemd/system', `${NAME}.service.d`);
      const ours = readFileSync(env, 'utf8');
      // Quoted, as systemd allows: the folder is writable.
      appendFileSync(env, 'BACKUP_DIR=/srv/b\n');
      writeFileSync(path.join(dropIns, 'b.conf'), '[Service]\nReadWritePaths="/srv/b"\n');
      expect(install(target, source).status).toBe(0);
      // An empty ReadWritePaths= in a later drop-in drops it again.
      writeFileSync(path.join(dropIns, 'c.conf'), '[Service]\nReadWritePaths=\n');
      expect(install(target, source).status).toBe(1);
      rmSync(path.join(dropIns, 'c.conf'));
      rmSync(path.join(dropIns, 'b.conf'));

      // No BACKUP_DIR in the env file: a drop-in's Environment= sets it.
      writeFileSync(env, ours.replace(/^BACKUP_DIR=.*\n/gm, ''));
      const conf = path.join(dropIns, 'backups.conf');
      writeFileSync(conf, '[Service]\nEnvironment="NODE_OPTIONS=--a --b" "BACKUP_DIR=/srv/c"\n');
      const refused = install(target, source);
      expect(refused.status).toBe(1);
      expect(refused.output).toContain(`BACKUP_DIR=/srv/c in ${conf}`);
      appendFileSync(conf, "ReadWritePaths='/srv/c'\n");
      expect(install(target, source).status).toBe(0);
      // The env file's line wins over it, as in systemd (EnvironmentFile= over Environment=).
      writeFileSync(conf, '[Service]\nEnvironment=BACKUP_DIR=/srv/c\n');
      writeFileSync(env, `${ours}BACKUP_DIR=/var/lib/${NAME}/backups\n`);
      expect(install(target, source).status).toBe(0);
    },
  );

  it.skipIf(why !== '')('refuses a checkout that was not built', () => {
    const empty = path.join(dir, 'unbuilt');
    mkdirSync(empty, { recursive: true });
    const result = install(path.join(dir, 'root2'), empty);
    expect(result.status).toBe(1);
    expect(result.output).toContain('npm run build');
  });
});
