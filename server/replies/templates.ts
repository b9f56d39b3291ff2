/**
 * The owner's reply templates (table `reply_templates`, migration 13): listed by form and
 * position, made, changed and deleted in the inbox, each change recording who and when. A new
 * database starts with the defaults of src/content/reply-templates.ts, seeded once: never again
 * after the owner deleted one, and once only when several instances start together.
 */
import type { Selectable } from 'kysely';
import type { ReplyForm, ReplyTemplate, ReplyTemplateBody } from '../../src/admin/contract.ts';
import {
  defaultReplyTemplates,
  type DefaultReplyTemplate,
} from '../../src/content/reply-templates.ts';
import type { Database } from '../db/database.ts';
import type { Tables } from '../db/tables.ts';

/** The settings row that says the defaults were seeded in this database (its value: when). */
export const TEMPLATES_SEEDED_SETTING = 'reply_templates_seeded';

/** Who `updated_by` names for a default as seeded: no one has changed it yet. */
export const SEEDED_BY = '';

type TemplateRow = Selectable<Tables['reply_templates']>;

function toTemplate(row: TemplateRow): ReplyTemplate {
  return {
    id: Number(row.id),
    form: row.form === 'application' ? 'application' : 'quote',
    name: row.name,
    bodyEn: row.body_en,
    bodyEs: row.body_es,
    updatedAt: Number(row.updated_at),
    updatedBy: row.updated_by,
  };
}

export interface ReplyTemplateStore {
  /** Seeds the defaults unless this database ever had them (the other calls wait for it). */
  seed(): Promise<void>;
  /** Every template (or a form's), by form, then position, then age. */
  list(form?: ReplyForm): Promise<ReplyTemplate[]>;
  get(id: number): Promise<ReplyTemplate | undefined>;
  /** A new template, after the others of its form. */
  create(body: ReplyTemplateBody, by: string): Promise<ReplyTemplate>;
  /** Undefined: no such template. A change of form puts it after the others of its new form. */
  update(id: number, body: ReplyTemplateBody, by: string): Promise<ReplyTemplate | undefined>;
  /** Whether there was such a template. */
  remove(id: number): Promise<boolean>;
}

export interface ReplyTemplateOptions {
  now?: () => number;
  /** The defaults to seed (the tests' own); src/content's when not given. */
  defaults?: readonly DefaultReplyTemplate[];
}

/**
 * The defaults' rows, each written only while the settings row is absent and only when no row has
 * its key, in the transaction that writes the settings row: of two instances starting at once,
 * the second's inserts wait on the first's keys and then add nothing (ON CONFLICT), and after
 * the owner deletes one, the settings row keeps it deleted.
 */
async function seedDefaults(
  { db, engine }: Database,
  defaults: readonly DefaultReplyTemplate[],
  at: number,
): Promise<void> {
  const positions = new Map<string, number>();
  const inserts = defaults.map((template) => {
    const position = positions.get(template.form) ?? 0;
    positions.set(template.form, position + 1);
    return db
      .insertInto('reply_templates')
      .columns([
        'key',
        'form',
        'name',
        'body_en',
        'body_es',
        'position',
        'updated_at',
        'updated_by',
      ])
      .expression(
        db
          .selectNoFrom([
            engine.typed(template.key, 'text').as('key'),
            engine.typed(template.form, 'text').as('form'),
            engine.typed(template.name, 'text').as('name'),
            engine.typed(template.bodyEn, 'text').as('body_en'),
            engine.typed(template.bodyEs, 'text').as('body_es'),
            engine.typed(position, 'integer').as('position'),
            engine.typed(at, 'integer').as('updated_at'),
            engine.typed(SEEDED_BY, 'text').as('updated_by'),
          ])
          .where((eb) =>
            eb.not(
              eb.exists(
                db
                  .selectFrom('settings')
                  .select('name')
                  .where('name', '=', TEMPLATES_SEEDED_SETTING),
              ),
            ),
          ),
      )
      .onConflict((conflict) => conflict.column('key').doNothing());
  });
  await engine.batch([
    ...inserts,
    db
      .insertInto('settings')
      .values({ name: TEMPLATES_SEEDED_SETTING, value: String(at) })
      .onConflict((conflict) => conflict.column('name').doNothing()),
  ]);
}

async function nextPosition(db: Database['db'], form: ReplyForm): Promise<number> {
  const row = await db
    .selectFrom('reply_templates')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('form', '=', form)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

/** What a change writes: the body's columns, and who made it when. */
function changedColumns(body: ReplyTemplateBody, by: string, at: number) {
  return {
    form: body.form,
    name: body.name,
    body_en: body.bodyEn,
    body_es: body.bodyEs,
    updated_at: at,
    updated_by: by,
  };
}

async function readTemplate(db: Database['db'], id: number): Promise<ReplyTemplate | undefined> {
  const row = await db
    .selectFrom('reply_templates')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toTemplate(row) : undefined;
}

export function replyTemplates(
  database: Database,
  { now = Date.now, defaults = defaultReplyTemplates }: ReplyTemplateOptions = {},
): ReplyTemplateStore {
  const { db } = database;
  let seeded: Promise<void> | undefined;

  function seed(): Promise<void> {
    seeded ??= seedDefaults(database, defaults, now()).catch((error: unknown) => {
      // Tried again by the next call.
      seeded = undefined;
      throw error;
    });
    return seeded;
  }

  return {
    seed,

    async get(id) {
      await seed();
      return readTemplate(db, id);
    },

    async list(form) {
      await seed();
      let query = db.selectFrom('reply_templates').selectAll();
      if (form) query = query.where('form', '=', form);
      // Quotes first ('quote' > 'application'), as the forms are listed everywhere.
      const rows = await query.orderBy('form', 'desc').orderBy('position').orderBy('id').execute();
      return rows.map(toTemplate);
    },

    async create(body, by) {
      await seed();
      const position = await nextPosition(db, body.form);
      const row = await db
        .insertInto('reply_templates')
        .values({ key: null, position, ...changedColumns(body, by, now()) })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toTemplate(row);
    },

    async update(id, body, by) {
      await seed();
      const before = await readTemplate(db, id);
      if (!before) return undefined;
      const moved = before.form !== body.form;
      const row = await db
        .updateTable('reply_templates')
        .set({
          ...changedColumns(body, by, now()),
          ...(moved ? { position: await nextPosition(db, body.form) } : {}),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row ? toTemplate(row) : undefined;
    },

    async remove(id) {
      await seed();
      const result = await db.deleteFrom('reply_templates').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
