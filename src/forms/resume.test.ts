import { applicationFormContent } from '../content/application-form';
import { fileSize, RESUME_MAX_BYTES, resumeProblem } from './resume';
import { NOTHING_PUBLISHED } from '../content/published';

const { applicationMessages: messages } = applicationFormContent(NOTHING_PUBLISHED);

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];
const DOC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

function fileOf(name: string, start: readonly number[], size = 64) {
  const bytes = new Uint8Array(size);
  bytes.set(start.slice(0, size));
  return new File([bytes], name);
}

describe('resumeProblem', () => {
  it('accepts a PDF, DOC or DOCX whose first bytes match its extension, in any case', async () => {
    for (const file of [
      fileOf('cv.pdf', PDF),
      fileOf('CV.PDF', PDF),
      fileOf('cv.doc', DOC),
      fileOf('cv.Docx', ZIP),
      fileOf('cv.pdf', PDF, RESUME_MAX_BYTES),
    ]) {
      await expect(resumeProblem(file), file.name).resolves.toBeUndefined();
    }
  });

  it('refuses other extensions, and bytes that belong to another kind of file', async () => {
    for (const file of [
      fileOf('photo.png', PDF),
      fileOf('cv.pdf.exe', PDF),
      fileOf('cv', PDF),
      fileOf('cv.pdf', ZIP),
      fileOf('cv.docx', DOC),
      fileOf('cv.doc', ZIP),
      fileOf('cv.pdf', [0x25, 0x50, 0x44, 0x46], 4),
    ]) {
      await expect(resumeProblem(file), file.name).resolves.toBe(messages.resumeType);
    }
  });

  it('refuses an empty file and one over 5 MB', async () => {
    await expect(resumeProblem(fileOf('cv.pdf', [], 0))).resolves.toBe(messages.resumeEmpty);
    await expect(resumeProblem(fileOf('cv.pdf', PDF, RESUME_MAX_BYTES + 1))).resolves.toBe(
      messages.resumeTooLarge,
    );
  });

  it('says so when the file can no longer be read', async () => {
    const file = fileOf('cv.pdf', PDF);
    const unreadable = Object.assign(new Blob(), {
      arrayBuffer: () => Promise.reject(new DOMException('Gone', 'NotReadableError')),
    });
    vi.spyOn(file, 'slice').mockReturnValue(unreadable);
    await expect(resumeProblem(file)).resolves.toBe(messages.resumeUnreadable);
  });
});

describe('fileSize', () => {
  it('writes bytes, kilobytes and megabytes as people read them', () => {
    expect(fileSize(1)).toBe('1 byte');
    expect(fileSize(812)).toBe('812 bytes');
    expect(fileSize(120 * 1024)).toBe('120 KB');
    expect(fileSize(4.83 * 1024 * 1024)).toBe('4.8 MB');
    expect(fileSize(RESUME_MAX_BYTES)).toBe('5 MB');
  });
});
