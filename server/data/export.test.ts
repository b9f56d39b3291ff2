import { neutraliseFormula, toCsv, toJson } from './export.ts';
import type { StoredSubmission } from '../store/store.ts';
import { storedSubmission } from '../testing/fixtures.ts';

function submission(fields: Record<string, unknown>, form = 'quote'): StoredSubmission {
  return storedSubmission({ id: `id-${form}`, form, fields, clientHash: 'abc', userAgent: 'UA' });
}

describe('neutraliseFormula', () => {
  it.each(['=1+2', '+1 202 555 0143', '-2', '@SUM(A1)', '\t=1', '\r=1'])(
    'prefixes %j with an apostrophe',
    (cell) => expect(neutraliseFormula(cell)).toBe(`'${cell}`),
  );
  it.each(['Jordan', '202-555-0143', ' =1', "'quoted", ''])('leaves %j alone', (cell) =>
    expect(neutraliseFormula(cell)).toBe(cell),
  );
});

describe('toCsv', () => {
  it('writes a header and one quoted row per submission, with no live formula', () => {
    const csv = toCsv([
      submission({
        clientName: '=HYPERLINK("http://evil.example","Click")',
        phone: '+1 (202) 555-0143',
        additionalInfo: 'Line one, "quoted"\nLine two',
      }),
      {
        ...submission({ fullName: 'Ana Núñez', languages: ['Spanish', 'English'] }, 'application'),
        status: 'handled',
        note: '=called back',
        siteLanguage: 'es',
        visit: {
          kind: 'campaign',
          name: '=flyer',
          campaign: '-spring',
          firstPage: '/request-service',
        },
        attachments: [
          {
            id: 1,
            field: 'resume',
            name: '=cv.pdf',
            type: 'application/pdf',
            size: 9,
            sha256: 'ab',
          },
        ],
      },
    ]);
    expect(csv.startsWith('\ufeff')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'id,form,received_at,status,note,attachment,site_language,source_kind,source_name,source_campaign,first_page,clientName,phone,additionalInfo,fullName,languages',
    );
    expect(lines[1]).toBe(
      `id-quote,quote,2030-05-01T12:00:00.000Z,new,,,,,,,,"'=HYPERLINK(""http://evil.example"",""Click"")",'+1 (202) 555-0143,"Line one, ""quoted""\nLine two",,`,
    );
    expect(lines[2]).toBe(
      `id-application,application,2030-05-01T12:00:00.000Z,handled,'=called back,'=cv.pdf,es,campaign,'=flyer,'-spring,/request-service,,,,Ana Núñez,"Spanish, English"`,
    );
  });

  it('neutralises a header cell too', () => {
    expect(toCsv([submission({ '=cmd': 'x' })]).split('\r\n')[0]).toContain(",'=cmd");
  });
});

describe('toJson', () => {
  it('writes how the visit began and its first page', () => {
    const visit = { kind: 'search', name: 'google', campaign: '', firstPage: '/' } as const;
    const [record] = JSON.parse(toJson([{ ...submission({}), visit }]));
    expect(record.visit).toEqual(visit);
  });

  it('keeps the fields as they were stored', () => {
    const [record] = JSON.parse(toJson([submission({ skills: ['Teamwork'] })]));
    expect(record).toEqual({
      id: 'id-quote',
      form: 'quote',
      receivedAt: '2030-05-01T12:00:00.000Z',
      status: 'new',
      note: '',
      language: null,
      siteLanguage: null,
      visit: null,
      fields: { skills: ['Teamwork'] },
      attachments: [],
      userAgent: 'UA',
    });
  });
});
