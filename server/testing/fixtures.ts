// Helpers shared by the server's tests and the reliability and benchmark scripts.
import { mkdtempSync, rmSync } from 'node:fs';
import type { NotifyConfig } from '../config.ts';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { localIsoDate } from '../../src/forms/dates.ts';
import type { ApplicationSubmission } from '../../src/forms/application.ts';
import type { QuoteSubmission } from '../../src/forms/quote.ts';
import { databaseConfig, type DatabaseConfig } from '../config.ts';
import { sha256Hex, type NewAttachment } from '../store/attachments.ts';
import type { CliIo } from '../data/submissions-cli.ts';
import type { StoredSubmission } from '../store/store.ts';

/** A terminal command run in this process, with what it writes to stdout and stderr caught. */
export async function runCaught(
  command: (io: CliIo) => Promise<number>,
  env: Record<string, string | undefined>,
): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await command({
    env,
    out: (text) => (out += text),
    err: (text) => (err += text),
  });
  return { code, out, err };
}

export function tempDataDir(prefix = 'receiver-'): {
  dir: string;
  database: DatabaseConfig;
  remove(): void;
} {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return {
    dir,
    database: databaseConfig({ DATA_DIR: dir }),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A valid quote body; `n` makes it unique. */
export function quoteBody(n = 1, overrides: Partial<QuoteSubmission> = {}): QuoteSubmission {
  return {
    clientName: `Jordan Rivera ${n}`,
    phone: '(202) 555-0143',
    email: `jordan.rivera+${n}@example.com`,
    eventDate: localIsoDate(45),
    guestCount: '120',
    address: 'The Willard, 1401 Pennsylvania Ave NW, Washington, DC',
    services: 'Servers & Waitstaff, Bartenders & Mixologists',
    additionalInfo: 'Black-tie gala, 6 PM to midnight.',
    ...overrides,
  };
}

/** A valid job application body; `n` makes it unique. */
export function applicationBody(
  n = 1,
  overrides: Partial<ApplicationSubmission> = {},
): ApplicationSubmission {
  return {
    fullName: `Camila Torres ${n}`,
    phone: '703-555-0188',
    email: `camila.torres+${n}@example.com`,
    address: '8230 Leesburg Pike, Vienna, VA 22182',
    dateOfBirth: '1994-03-12',
    positionInterest: ['Bartender', 'Mixologist'],
    hasExperience: 'yes',
    yearsExperience: '3-5',
    previousExperience: 'Three seasons at a Georgetown wine bar.',
    availability: ['Friday', 'Saturday', 'Sunday'],
    shiftPreference: 'noche',
    skills: ['Teamwork', 'Customer service'],
    certifications: 'TIPS 360',
    languages: ['Spanish', 'English'],
    otherCompanies: '',
    references: '',
    additionalInfo: '',
    ...overrides,
  };
}

/** A stored submission as the store returns it, for tests of what is made from one. */
export function storedSubmission(overrides: Partial<StoredSubmission> = {}): StoredSubmission {
  return {
    id: 'sub-1',
    form: 'quote',
    receivedAt: Date.parse('2030-05-01T12:00:00Z'),
    fields: {},
    clientHash: null,
    userAgent: null,
    language: null,
    siteLanguage: null,
    status: 'new',
    note: '',
    attachments: [],
    visit: null,
    ...overrides,
  };
}

/** A small valid PDF of about `size` bytes (padded with a comment), made here, not committed. */
export function samplePdf(size = 600, text = 'Camila Torres, bartender'): Buffer {
  const head = `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\n`;
  const tail = 'trailer << /Root 1 0 R >>\n%%EOF\n';
  const padding = Math.max(0, size - head.length - tail.length);
  return Buffer.concat([Buffer.from(head), Buffer.alloc(padding, 0x20), Buffer.from(tail)]);
}

/** A PDF résumé as the receiver hands it to the store, for tests that save one directly. */
export function pdfAttachment(content: Uint8Array, name = 'cv.pdf'): NewAttachment {
  return {
    field: 'resume',
    name,
    type: { ext: 'pdf', mime: 'application/pdf' },
    content,
    sha256: sha256Hex(content),
  };
}

/** A ZIP of stored (uncompressed) entries: enough for a DOCX that file-type recognises. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export function sampleDocx(): Buffer {
  return zip({
    '[Content_Types].xml':
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    'word/document.xml': '<w:document><w:body><w:p>Camila Torres</w:p></w:body></w:document>',
  });
}

/** An OLE compound file; with `word`, the WordDocument stream's name that every .doc has. */
export function sampleCompoundFile(word = true): Buffer {
  const header = Buffer.alloc(1536);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  Buffer.from(word ? 'WordDocument' : 'Workbook', 'utf16le').copy(header, 1024);
  return header;
}

/** A Windows executable's first bytes. */
export function sampleExecutable(): Buffer {
  const exe = Buffer.alloc(512);
  exe.write('MZ', 0, 'latin1');
  exe.writeUInt32LE(0x80, 0x3c);
  exe.write('PE\0\0', 0x80, 'latin1');
  return exe;
}

export interface UploadFile {
  field?: string;
  name: string;
  content: Uint8Array;
  type?: string;
}

/**
 * A multipart/form-data body as a browser's FormData sends it: lists as repeated names, file names
 * in UTF-8 with quotes escaped as %22.
 */
export function multipartBody(
  fields: Record<string, unknown>,
  files: readonly UploadFile[] = [],
): { payload: Buffer; contentType: string } {
  const boundary = '----ReceiverTestBoundary7d3f2a';
  const chunks: Buffer[] = [];
  const part = (headers: string, content: Uint8Array | string) =>
    chunks.push(
      Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`),
      Buffer.from(content),
      Buffer.from('\r\n'),
    );
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      part(`Content-Disposition: form-data; name="${name}"`, String(item));
    }
  }
  for (const file of files) {
    const filename = file.name.replaceAll('"', '%22').replace(/[\r\n]/g, ' ');
    part(
      `Content-Disposition: form-data; name="${file.field ?? 'resume'}"; filename="${filename}"\r\n` +
        `Content-Type: ${file.type ?? 'application/octet-stream'}`,
      file.content,
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * E-mail settings as server/config.ts makes them from SMTP_URL (the tests' relay) and the rest:
 * notifications to bookings@, From hello@ (the mail check's and the outbox's tests).
 */
export function notifySettings(smtpUrl: string, more: Partial<NotifyConfig> = {}): NotifyConfig {
  return {
    smtpUrl,
    to: ['bookings@staffing.test'],
    from: 'Potomac Staffing <hello@staffing.test>',
    acknowledge: true,
    acknowledgeDomainMaxPerHour: 20,
    leaseMs: 120_000,
    ...more,
  };
}
