import {
  attachmentDisposition,
  cleanFileName,
  downloadName,
  extensionOf,
  sniffAttachment,
} from './attachments.ts';
import {
  sampleCompoundFile,
  sampleDocx,
  sampleExecutable,
  samplePdf,
} from '../testing/fixtures.ts';

describe('sniffAttachment', () => {
  it('knows PDF, DOCX and DOC by their content', async () => {
    expect(await sniffAttachment(samplePdf())).toEqual({ ext: 'pdf', mime: 'application/pdf' });
    expect((await sniffAttachment(sampleDocx()))?.ext).toBe('docx');
    expect(await sniffAttachment(sampleCompoundFile())).toEqual({
      ext: 'doc',
      mime: 'application/msword',
    });
  });

  it('refuses an executable, a compound file without a Word stream, text and nothing', async () => {
    for (const content of [
      sampleExecutable(),
      sampleCompoundFile(false),
      Buffer.from('%PD not quite'),
      new Uint8Array(),
    ]) {
      expect(await sniffAttachment(content)).toBeUndefined();
    }
  });
});

describe('file names', () => {
  it('keeps a name without its folders and control characters, never empty', () => {
    expect(cleanFileName('C:\\fakepath\\cv.pdf')).toBe('cv.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('\u0000\u001b')).toBe('file');
    expect([...cleanFileName(`${'é'.repeat(300)}.pdf`)]).toHaveLength(200);
  });

  it('saves a download under the extension of what the file is', () => {
    expect(downloadName('cv.exe', 'pdf')).toBe('cv.pdf');
    expect(downloadName('my "best" cv?.docx', extensionOf('application/msword'))).toBe(
      'my _best_ cv_.doc',
    );
    expect(downloadName('.pdf', 'pdf')).toBe('resume.pdf');
    expect(
      extensionOf('application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
    ).toBe('docx');
  });

  it('writes an ASCII name for old clients and the UTF-8 one for the rest', () => {
    expect(attachmentDisposition('Peña.pdf')).toBe(
      `attachment; filename="Pe_a.pdf"; filename*=UTF-8''Pe%C3%B1a.pdf`,
    );
    expect(attachmentDisposition('cv.pdf')).toBe('attachment; filename="cv.pdf"');
  });
});
