import { expect, test } from '@playwright/test';
import { sendApplication, sendQuote, submissions } from './receiver-helpers';

interface Exported {
  id: string;
  form: string;
  fields: Record<string, unknown>;
}

function exported(form: string): Exported[] {
  return JSON.parse(submissions('export', '--format', 'json', '--form', form)) as Exported[];
}

test('both forms reach the receiver, and the owner finds both rows with the CLI', async ({
  page,
}) => {
  // Unique per run: the receiver folds an identical body sent within ten minutes into one row.
  const run = `${Date.now()}-${test.info().workerIndex}`;
  const quoteName = `Quote E2E ${run}`;
  const applicantName = `Applicant E2E ${run}`;

  await sendQuote(page, quoteName);
  await sendApplication(page, applicantName);

  const list = submissions('list');
  expect(list).toMatch(new RegExp(`quote\\s+[0-9a-f-]{36}\\s+${quoteName}\\s+e2e\\.quote@`));
  expect(list).toMatch(
    new RegExp(`application\\s+[0-9a-f-]{36}\\s+${applicantName}\\s+e2e\\.application@`),
  );

  const quote = exported('quote').find((row) => row.fields.clientName === quoteName);
  expect(quote?.fields).toMatchObject({
    services: 'Servers & Waitstaff, Chefs & Kitchen Staff',
    guestCount: '120',
    additionalInfo: 'Sent by the receiver browser test.',
  });
  const application = exported('application').find((row) => row.fields.fullName === applicantName);
  expect(application?.fields).toMatchObject({
    positionInterest: ['Bartender'],
    hasExperience: 'no',
    shiftPreference: 'fines-semana',
    languages: expect.arrayContaining(['English', 'Spanish']),
  });
  expect(application?.fields).not.toHaveProperty('yearsExperience');
});
