// `node scripts/test/readme-images.mjs`: the two pictures at the top of the README, the home page
// and the owner's inbox on a phone (390 × 844, the first screen only), as small WebP files in
// docs/images/. Uses the build (`npm run build` first) on a server of its own, with a throw-away
// database holding a few made-up requests and an owner's account.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromiumArgs, chromiumPath, routeUrl } from '../run/local-server.mjs';

const out = 'docs/images';
const owner = { email: 'owner@example.com', password: 'a long password for the pictures' };
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'readme-images-'));

/** A date `days` from today, as the forms send it (YYYY-MM-DD). */
function isoDate(days) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const quotes = [
  ['Danielle Brooks', 'Wedding reception at a Georgetown rooftop, 140 guests.', 21, '140'],
  ['Marcus Chen', 'Corporate holiday party, open bar and passed canapés.', 35, '220'],
  ['Aisha Rahman', 'Fundraising gala, black tie, seated dinner.', 48, '300'],
];
const applications = [
  ['Camila Torres', ['Bartender'], ['Spanish', 'English']],
  ['Jamal Washington', ['Professional Server'], ['English']],
];

/** Posts the made-up requests as the forms' scripts do, each from an address of its own. */
async function postSubmissions(origin) {
  let client = 10;
  const post = async (form, body) => {
    client += 1;
    const answer = await fetch(`${origin}/api/forms/${form}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${client}` },
      body: JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`${form}: ${answer.status} ${await answer.text()}`);
  };
  for (const [fullName, positionInterest, languages] of applications) {
    await post('application', {
      fullName,
      phone: '(703) 555-0188',
      email: `${fullName.toLowerCase().replace(' ', '.')}@example.com`,
      address: '8230 Leesburg Pike, Vienna, VA 22182',
      dateOfBirth: '1994-03-12',
      positionInterest,
      hasExperience: 'no',
      availability: ['Friday', 'Saturday'],
      shiftPreference: 'noche',
      skills: ['Teamwork'],
      certifications: '',
      languages,
      otherCompanies: '',
      references: '',
      additionalInfo: '',
    });
  }
  for (const [clientName, additionalInfo, days, guestCount] of quotes) {
    await post('quote', {
      clientName,
      phone: '(202) 555-0143',
      email: `${clientName.toLowerCase().replace(' ', '.')}@example.com`,
      eventDate: isoDate(days),
      guestCount,
      address: '1300 Pennsylvania Ave NW, Washington, DC',
      services: 'Servers & Waitstaff, Bartenders & Mixologists',
      additionalInfo,
    });
  }
}

/**
 * The built server on loopback. Like local-server.mjs's, but it waits up to a minute for /healthz:
 * pictures are taken rarely, often on a machine busy with other work.
 */
async function startServer(port) {
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['build/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let second = 0; second < 60 && server.exitCode === null; second += 1) {
    if (
      await fetch(`${origin}/healthz`).then(
        (answer) => answer.ok,
        () => false,
      )
    ) {
      return { origin, stop: () => server.kill('SIGTERM') };
    }
    await sleep(1000);
  }
  server.kill('SIGTERM');
  throw new Error(`the server did not start on ${origin}`);
}

/** The window's screenshot as WebP, small enough for a README. */
async function save(page, name) {
  const png = await page.screenshot();
  const file = `${out}/${name}.webp`;
  await sharp(png).webp({ quality: 80 }).toFile(file);
  console.log(file);
}

const server = await startServer(Number(process.env.SCREENSHOT_PORT ?? 4321));
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  execFileSync(process.execPath, ['build/server/admin-cli.js', 'add-user', owner.email], {
    env: { ...process.env, DATA_DIR: dataDir },
    input: `${owner.password}\n`,
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  await postSubmissions(server.origin);
  const page = await browser.newPage({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
  });
  await page.goto(routeUrl(server.origin, '/'), { waitUntil: 'networkidle' });
  await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
  await save(page, 'home-390');

  await page.goto(`${server.origin}/admin/`);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: quotes.at(-1)?.[0] ?? '' }).waitFor();
  await page.waitForLoadState('networkidle');
  // From the tabs down, so that the first screen reaches the list's newest rows below the filters.
  await page
    .getByRole('heading', { level: 1 })
    .evaluate((heading) => window.scrollTo(0, heading.getBoundingClientRect().bottom + 8));
  await save(page, 'inbox-390');
} finally {
  await browser.close();
  server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
