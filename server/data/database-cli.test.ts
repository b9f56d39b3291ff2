import { runCaught, tempDataDir } from '../testing/fixtures.ts';
import { dataUsage, runDataCli } from './database-cli.ts';

let data: ReturnType<typeof tempDataDir>;
beforeEach(() => {
  data = tempDataDir();
});
afterEach(() => data.remove());

const cli = (...argv: string[]) => runCaught((io) => runDataCli(argv, io), { DATA_DIR: data.dir });

describe('npm run backup|restore|db', () => {
  it.each([
    [['backup', '--out', 'copy.db', '--from', 'other.db'], 'backup does not take --from'],
    [['restore', 'copy.db', '--from', 'other.db'], 'restore does not take --from'],
    [['restore', 'copy.db', '--dry-run'], 'restore does not take --dry-run'],
    [['db', 'migrate', '--dry-run', '--from', 'other.db'], 'db migrate does not take --from'],
    [['db', 'erase-again', '--from', 'x.db', '--to', 'postgres://h/d'], 'does not take --to'],
    [['db', 'copy', '--to', 'postgres://h/d', '--from', 'x.db'], 'db copy does not take --from'],
  ])('refuses an option the command does not take, with the usage: %j', async (argv, message) => {
    const refused = await cli(...argv);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(message);
    expect(refused.err).toContain(dataUsage);
    expect(refused.out).toBe('');
  });

  it('says in its usage that databases set aside by restores are deleted in time', () => {
    expect(dataUsage).toMatch(/kept at least 30 days; beyond the newest 3, older ones .* deleted/);
  });
});
