import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCli } from './submissions-cli.ts';
import { openStore } from '../store/store.ts';
import { sha256Hex } from '../store/attachments.ts';
import {
  applicationBody,
  pdfAttachment,
  quoteBody,
  runCaught,
  samplePdf,
  tempDataDir,
} from '../testing/fixtures.ts';

let data: ReturnType<typeof tempDataDir>;
let withResume: string;
let withoutResume: string;
const resume = samplePdf(3000);

function cli(...argv: string[]) {
  return runCaught((io) => runCli(argv, io), { DATA_DIR: data.dir });
}

beforeEach(async () => {
  data = tempDataDir();
  const store = await openStore(data.database);
  const quote = await store.save({ form: 'quote', fields: quoteBody(1), notify: false });
  const application = await store.save({
    form: 'application',
    fields: applicationBody(2, { fullName: 'Evil \u001b[31mRed\u001b[0m' }),
    notify: true,
    attachment: pdfAttachment(resume, 'Camila CV.pdf'),
  });
  withResume = application.status === 'created' ? application.id : '';
  withoutResume = quote.status === 'created' ? quote.id : '';
  store.close();
});

afterEach(() => data.remove());

describe('submissions list', () => {
  it('prints a table of every submission and the notification count', async () => {
    const { code, out } = await cli('list');
    expect(code).toBe(0);
    const lines = out.trim().split('\n');
    expect(lines[0]).toMatch(/^RECEIVED\s+FORM\s+ID\s+NAME\s+E-MAIL\s+PHONE$/);
    expect(lines[1]).toMatch(
      /quote\s+[0-9a-f-]{36}\s+Jordan Rivera 1\s+jordan\.rivera\+1@example\.com/,
    );
    expect(lines[2]).toContain('application');
    expect(out).toMatch(/2 submissions in .*submissions\.db; e-mails: 0 sent, 1 pending/);
  });

  it('says the outbox is paused, and why the pending ones wait', async () => {
    const store = await openStore(data.database);
    await store.pauseRelay('EAUTH 535', 60_000);
    store.close();
    const { out } = await cli('list');
    expect(out).toMatch(
      /1 pending, 0 given up; the outbox is paused since \d{4}-\d\d-\d\dT[\d:.]+Z \(EAUTH 535\): the mail relay refuses our sign-in or TLS, check SMTP_URL\n$/,
    );
  });

  it('never prints terminal escape sequences from a visitor', async () => {
    const { out } = await cli('list');
    expect(out).not.toContain('\u001b');
    expect(out).toContain('Evil [31mRed[0m');
  });

  it('filters by form and by date', async () => {
    expect((await cli('list', '--form', 'application')).out).not.toContain('quote');
    expect((await cli('list', '--since', '2999-01-01')).out).toMatch(/^0 submissions/);
    expect((await cli('list', '--since', '2000-01-01')).out).toContain('2 submissions');
  });

  it('refuses bad arguments with the usage and exit code 2', async () => {
    for (const argv of [
      ['list', '--form', 'newsletter'],
      ['list', '--since', 'yesterday'],
      ['list', '--bogus'],
      ['delete'],
      [],
      ['export'],
      ['export', '--format', 'xml'],
    ]) {
      const { code, err, out } = await cli(...argv);
      expect(code, argv.join(' ')).toBe(2);
      expect(err + out).toContain('npm run submissions -- list');
    }
    expect((await cli('--help')).code).toBe(0);
  });
});

describe('submissions export', () => {
  it('writes JSON to standard output', async () => {
    const { code, out } = await cli('export', '--format', 'json');
    expect(code).toBe(0);
    const records = JSON.parse(out);
    expect(records.map((record: { form: string }) => record.form)).toEqual([
      'quote',
      'application',
    ]);
    expect(records[1].fields.languages).toEqual(['Spanish', 'English']);
  });

  it('writes CSV to a file only the owner can read', async () => {
    const file = path.join(data.dir, 'leads.csv');
    const { code, err } = await cli('export', '--format', 'csv', '--out', file, '--form', 'quote');
    expect(code).toBe(0);
    expect(err).toContain('1 submission written');
    const csv = readFileSync(file, 'utf8');
    expect(csv).toContain('Jordan Rivera 1');
    expect(csv).not.toContain('Camila');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe('submissions attachment', () => {
  it('writes the résumé byte for byte to a file only the owner can read', async () => {
    const file = path.join(data.dir, 'cv.pdf');
    const { code, err } = await cli('attachment', withResume, '--out', file);
    expect(code).toBe(0);
    expect(err).toContain(
      `Camila CV.pdf (application/pdf, 3000 bytes, sha256 ${sha256Hex(resume)})`,
    );
    expect(sha256Hex(readFileSync(file))).toBe(sha256Hex(resume));
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('never writes over an existing file', async () => {
    const file = path.join(data.dir, 'taken.pdf');
    writeFileSync(file, 'keep me');
    const { code, err } = await cli('attachment', withResume, '--out', file);
    expect(code).toBe(1);
    expect(err).toContain('already exists');
    expect(readFileSync(file, 'utf8')).toBe('keep me');
  });

  it('says when there is no file or no such submission', async () => {
    const out = path.join(data.dir, 'none.pdf');
    expect((await cli('attachment', withoutResume, '--out', out)).err).toContain(
      'has no attachment',
    );
    expect((await cli('attachment', 'nope', '--out', out)).err).toContain('No submission nope');
    expect(existsSync(out)).toBe(false);
  });

  it('needs an id and --out', async () => {
    expect((await cli('attachment', '--out', 'x.pdf')).code).toBe(2);
    expect((await cli('attachment', withResume)).err).toContain('attachment needs --out FILE');
  });

  it('names the file in the CSV export', async () => {
    const { out } = await cli('export', '--format', 'csv', '--form', 'application');
    const [header, row] = out.slice(1).split('\r\n');
    expect(header).toContain('status,note,attachment,');
    expect(row).toContain(',Camila CV.pdf,');
  });
});
