// Helpers shared by the server's tests and the reliability and benchmark scripts.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { localIsoDate } from '../src/forms/dates.ts';
import type { ApplicationSubmission } from '../src/forms/application.ts';
import type { QuoteSubmission } from '../src/forms/quote.ts';
import { databaseConfig, type DatabaseConfig } from './config.ts';
import type { StoredSubmission } from './store.ts';

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
    status: 'new',
    note: '',
    ...overrides,
  };
}
