import { createHmac } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { databaseConfig } from '../config.ts';
import { openDatabase } from './database.ts';
import { tempDataDir } from '../testing/fixtures.ts';

let data: ReturnType<typeof tempDataDir>;

beforeEach(() => {
  data = tempDataDir();
});

afterEach(() => {
  data.remove();
});

async function settings(url: string) {
  const client = createClient({ url });
  const result = await client.execute('SELECT name FROM settings');
  client.close();
  return result.rows.map((row) => String(row.name));
}

describe('the address hash key', () => {
  it('lives in a private file beside the database, never in it, and stays the same', async () => {
    const first = await openDatabase(data.database);
    const hash = first.clientHash('203.0.113.7');
    first.close();
    const keyFile = path.join(data.dir, 'address-hash.key');
    expect(readFileSync(keyFile, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(await settings(data.database.url)).not.toContain('client_hash_salt');

    const again = await openDatabase(data.database);
    expect(again.clientHash('203.0.113.7')).toBe(hash);
    again.close();
  });

  it('a copy of the database alone cannot reproduce the hashes', async () => {
    const original = await openDatabase(data.database);
    const hash = original.clientHash('203.0.113.7');
    original.close();
    const elsewhere = path.join(data.dir, 'copy');
    mkdirSync(elsewhere);
    copyFileSync(path.join(data.dir, 'submissions.db'), path.join(elsewhere, 'submissions.db'));
    const copy = await openDatabase(databaseConfig({ DATA_DIR: elsewhere }));
    expect(copy.clientHash('203.0.113.7')).not.toBe(hash);
    copy.close();
  });

  it('is ADDRESS_HASH_SECRET when set', async () => {
    const secret = 'k'.repeat(40);
    const database = await openDatabase(
      databaseConfig({ DATA_DIR: data.dir, ADDRESS_HASH_SECRET: secret }),
    );
    const expected = createHmac('sha256', secret).update('203.0.113.7').digest('hex').slice(0, 32);
    expect(database.clientHash('203.0.113.7')).toBe(expected);
    database.close();
  });

  it('moves the key an older version kept in the database out of it, keeping the hashes', async () => {
    // A database as an older version left it: the key in its settings, no key file.
    (await openDatabase(data.database)).close();
    rmSync(path.join(data.dir, 'address-hash.key'));
    const client = createClient({ url: data.database.url });
    await client.execute("INSERT INTO settings VALUES ('client_hash_salt', 'old-key')");
    client.close();

    const database = await openDatabase(data.database);
    const expected = createHmac('sha256', 'old-key').update('203.0.113.7').digest('hex');
    expect(database.clientHash('203.0.113.7')).toBe(expected.slice(0, 32));
    database.close();
    expect(readFileSync(path.join(data.dir, 'address-hash.key'), 'utf8').trim()).toBe('old-key');
    expect(await settings(data.database.url)).not.toContain('client_hash_salt');
  });
});
