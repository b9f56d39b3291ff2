// Released migrations are frozen text: a database that already ran one never runs it again, so an
// edit reaches only the databases made after it, and the two kinds of database drift apart
// unnoticed. This test holds the SHA-256 of every released migration's SQL, as `forEngine` gives
// it on each engine, and fails when one changes (docs/migrations.md).
import { createHash } from 'node:crypto';
import type { EngineKind } from './engine.ts';
import { forEngine, migrations } from './migrations.ts';

/**
 * Released migrations, by version: the checksum of their SQL on SQLite and on Postgres. A new
 * migration gets its line here in the same change that adds it (the failure below prints it).
 */
const released: Record<number, Record<EngineKind, string>> = {
  1: {
    sqlite: 'dde56d16aac32a1d0096065add40d73f90ff43e3a083889135ba685915dd5c12',
    postgres: '81d5b44d548d007133373ad7b0cbfeca96987737d458c4280b6e0c6ab77b1f98',
  },
  2: {
    sqlite: '60eb013bdf5889dcbfafcafce88ab3bab8fbeaeff79e976624dc81c5b6878e8a',
    postgres: '9bc64878e09e12d2d21d07eacec391b21737d2de145e8a2b22e9105ac47e9876',
  },
  3: {
    sqlite: 'e54b0474a00254a340fae9820cbf301d130fbabc91b00bd0ada4e2078a165d06',
    postgres: '3d6d84705296723323dcb4be9c3dc31cfd07b45333e90bb15cc51a23ea3e1f55',
  },
  4: {
    sqlite: '9b00b6cc5f55e3256083bf0744992a7f545af01f7b4efe463ed3a6d6187acf93',
    postgres: '9b00b6cc5f55e3256083bf0744992a7f545af01f7b4efe463ed3a6d6187acf93',
  },
  5: {
    sqlite: 'fa2084bf25298ac962693fe9f144c34c9d0d984654c907c181a5f561f1c950cf',
    postgres: '18361d23e55aecb1130d145d179d5bd0e9aaa72bc2673cee1452b5b7698686a5',
  },
  6: {
    sqlite: 'f4c3f987c6b3bc2e33b294fe94af405d153ae0fecf98d1af08fa6e3a6c39693b',
    postgres: 'c7b3faf774ddae4b04c3135b8cc16e20f9c6c4d8170fd51f7c14b92479dc03c7',
  },
  7: {
    sqlite: '5be5f01f4000c9c5c937fa1f802dc32d844d599d17ed85a563b2fa8473f02773',
    postgres: 'f4bddd396efb7d8861ad9ad694a8f73fc5e0ca75a4068be6a4c47a53f4fe64fa',
  },
  8: {
    sqlite: 'f1390a24613cc20866ee72618af5f45a2a611f52786340732ebe7d92003286bc',
    postgres: 'e02b63bf7ce503c29e02ee5bafc45fc358bde8eeb6045ba6c1ddc85aa29ebe57',
  },
  9: {
    sqlite: '730b7279a5065f9a5c7bb0d0ccc34bf440eb6942807ff23659a5be60b0c38f0e',
    postgres: '98baff58aa4507b8f820f609cd14515794fc07366667b4afe49873cfe75e5af0',
  },
  10: {
    sqlite: '29df0e3b520aae966f40b4bb12be7cc9f2c85601a7abab3cad58551b5379d5a5',
    postgres: 'e3d43890286b9c642198022d7471c6a9fb10146751307462bb59592a4af9e313',
  },
  11: {
    sqlite: 'acc3f722acab31a43a333eca26808231676c83fb0ae04587a4cc6742e2179999',
    postgres: '76a77f46a3b6ec5a8f9790b93f576ee5853b05da34b3e4ab83ce9bfe3265e74a',
  },
  12: {
    sqlite: '154839f50be2dc4f7a66145f3bac5081d17a8f4bc698c94e82641b9c34f1e1d1',
    postgres: '0841e1f5d56482aee627f4ea54110c257ef28c25ad054095ab3ca897f88909c7',
  },
  13: {
    sqlite: 'b31f7d35b7f6d2ef479a5507e969b7fa1b4d53cbe2e76b7ce038d39ca28c01c7',
    postgres: 'a594fea407920732bf38cd4e75406f2c8040d69cc70b90e5977faa52bb68eaf9',
  },
  14: {
    sqlite: 'f48aa35ed58165ce154298bbd6a0ea3b67d7668efaecbc6541d5c4efd7b93598',
    postgres: 'd3891c8a0649c2dbe20dcf5c3a0e8c823dfe625b2f71db32845fb0801e657caf',
  },
  15: {
    sqlite: 'ccb4041105e2c9dd28ebebab51fb9ed642693ed6113a268e7ed81d5044679f1a',
    postgres: 'd15eac6a02003c9fb0ec31900d51a0db18c89833e70d54957274a9e28cbae1e2',
  },
  16: {
    sqlite: 'd898acebabea082cd538a557da57fd33132134cb1f963f6d60cb7bbc146ce25f',
    postgres: 'a46b98460fe65cd5b37738d55d4bb32a421bda158c2dd69287155d6e0797b07c',
  },
};

/** The checksum of a migration's statements as the runner sends them to `engine`. */
function checksum(statements: (typeof migrations)[number]['statements'], engine: EngineKind) {
  const text = JSON.stringify(statements.flatMap((step) => forEngine(step, engine) ?? []));
  return createHash('sha256').update(text).digest('hex');
}

function lineFor(version: number, statements: (typeof migrations)[number]['statements']): string {
  return (
    `  ${version}: {\n    sqlite: '${checksum(statements, 'sqlite')}',\n` +
    `    postgres: '${checksum(statements, 'postgres')}',\n  },`
  );
}

const HOW =
  'Released migrations never change: databases that ran it keep the old text for ever. Put the ' +
  'edit back, and add a new migration (the next version, N + 1) to the end of the list in ' +
  'server/db/migrations.ts that changes what you need (docs/migrations.md).';

describe('released migrations', () => {
  it.each(Object.keys(released).map(Number))(
    'migration %i is the SQL it was released with, on both engines',
    (version) => {
      const migration = migrations.find((candidate) => candidate.version === version);
      expect(migration, `Migration ${version} is missing. ${HOW}`).toBeDefined();
      for (const engine of ['sqlite', 'postgres'] as const) {
        expect(
          checksum(migration?.statements ?? [], engine),
          `Migration ${version} changed on ${engine}. ${HOW}`,
        ).toBe(released[version]?.[engine]);
      }
    },
  );

  it('has a checksum for every migration, so that each is frozen once released', () => {
    const missing = migrations.filter((migration) => !(migration.version in released));
    const lines = missing.map((migration) => lineFor(migration.version, migration.statements));
    expect(
      lines,
      'A new migration: add these lines to `released` in server/db/migrations-frozen.test.ts ' +
        '(from now on it is frozen too):\n' +
        lines.join('\n'),
    ).toEqual([]);
  });

  it('are numbered 1, 2, 3… in order, each once', () => {
    expect(migrations.map((migration) => migration.version)).toEqual(
      migrations.map((_, index) => index + 1),
    );
  });
});
