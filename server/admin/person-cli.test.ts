import { openStore, type Store } from '../store/store.ts';
import {
  applicationBody,
  pdfAttachment,
  runCaught,
  samplePdf,
  tempDataDir,
} from '../testing/fixtures.ts';
import { runAdminCli } from './cli.ts';

let data: ReturnType<typeof tempDataDir>;

const admin = (argv: string[]) =>
  runCaught(
    (io) => runAdminCli(argv, { ...io, readPassword: () => Promise.reject(new Error('no')) }),
    { DATA_DIR: data.dir },
  );

async function withStore<T>(work: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore(data.database);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

beforeEach(async () => {
  data = tempDataDir('person-cli-');
  await withStore(async (store) => {
    for (const [n, email] of [
      [1, 'Camila.Torres@example.com'],
      [2, 'camila.torres@example.com'],
      [3, 'dana.brooks@example.com'],
    ] as const) {
      await store.save({
        form: 'application',
        fields: {
          ...applicationBody(n, {
            email,
            phone: `703-555-010${n}`,
            ...(n === 3 ? { fullName: 'Dana Brooks 3' } : {}),
          }),
        },
        attachment: pdfAttachment(samplePdf(700, `résumé ${n}`)),
        notify: false,
      });
    }
  });
});

afterEach(() => data.remove());

describe('npm run admin -- export-person and erase-person', () => {
  it("writes one person's submissions with their files as JSON", async () => {
    const run = await admin(['export-person', 'CAMILA.TORRES@example.com']);
    expect(run).toMatchObject({ code: 0, err: '2 submission(s)\n' });
    const exported = JSON.parse(run.out) as {
      submissions: { fields: { fullName: string }; files: { contentBase64: string }[] }[];
    };
    expect(exported.submissions.map((s) => s.fields.fullName)).toEqual([
      'Camila Torres 1',
      'Camila Torres 2',
    ]);
    const file = Buffer.from(exported.submissions[0]?.files[0]?.contentBase64 ?? '', 'base64');
    expect(file.toString()).toContain('résumé 1');
  });

  it('lists the submissions and erases them only with --yes', async () => {
    const asked = await admin(['erase-person', '(703) 555-0103']);
    expect(asked.code).toBe(1);
    expect(asked.out).toMatch(/application .* new {2}Dana Brooks 3 {2}1 file\(s\)\n$/);
    expect(asked.err).toContain('Nothing erased: add --yes to erase these 1 submission(s)');
    expect(await withStore((store) => store.list())).toHaveLength(3);

    const erased = await admin(['erase-person', 'camila.torres@EXAMPLE.com', '--yes']);
    expect(erased.code).toBe(0);
    expect(erased.out).toContain('Erased 2 submission(s) and 2 file(s)');
    const left = await withStore((store) => store.list());
    expect(left.map((s) => s.fields.fullName)).toEqual(['Dana Brooks 3']);
    const records = await withStore((store) =>
      store.database.db.selectFrom('erasures').selectAll().execute(),
    );
    expect(records).toMatchObject([
      { reason: 'person', user_email: 'npm run admin', submissions: 2, files: 2 },
    ]);

    expect((await admin(['erase-person', 'camila.torres@example.com', '--yes'])).code).toBe(1);
    expect((await admin(['erase-person', '12', '--yes'])).code).toBe(2);
    expect((await admin(['export-person', 'a@b.example', '--yes'])).code).toBe(2);
  });
});
