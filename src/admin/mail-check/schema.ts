/**
 * The mail check's answers as the inbox reads them (api.ts): an answer of another shape (an older
 * server, a proxy's page) is a failed load, never a section drawn from missing values.
 */
import * as z from 'zod/mini';
import type { MailCheck, TestEmailResult } from './contract';

const recordToAdd = z.object({
  type: z.literal('TXT'),
  name: z.string(),
  host: z.string(),
  value: z.string(),
});

const recordCheck = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('found'),
    name: z.string(),
    value: z.string(),
    withRelay: z.optional(recordToAdd),
  }),
  z.object({ state: z.literal('missing'), name: z.string(), add: recordToAdd }),
  z.object({
    state: z.literal('wrong'),
    name: z.string(),
    value: z.string(),
    why: z.enum(['spf-twice', 'spf-allows-all', 'dkim-revoked', 'dkim-other-key', 'dmarc-twice']),
    fix: z.optional(recordToAdd),
  }),
  z.object({ state: z.literal('unknown'), name: z.string(), code: z.string() }),
]);

const relayCheck = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('ok'),
    host: z.string(),
    port: z.number(),
    signedIn: z.boolean(),
    secure: z.boolean(),
  }),
  z.object({
    state: z.literal('failed'),
    host: z.string(),
    port: z.number(),
    code: z.string(),
    response: z.optional(z.string()),
  }),
]);

export const mailCheckSchema: z.ZodMiniType<MailCheck> = z.discriminatedUnion('configured', [
  z.object({ configured: z.literal(false) }),
  z.object({
    configured: z.literal(true),
    checkedAt: z.number(),
    domain: z.string(),
    from: z.string(),
    envelopeFrom: z.string(),
    relay: relayCheck,
    spf: recordCheck,
    dmarc: recordCheck,
    dkim: z.object({
      selector: z.nullable(z.string()),
      signing: z.enum(['here', 'relay', 'unknown']),
      record: z.nullable(recordCheck),
    }),
    alignment: z.object({
      fromDomain: z.string(),
      envelopeDomain: z.string(),
      spfAligned: z.boolean(),
      dkimDomain: z.nullable(z.string()),
      dkimAligned: z.nullable(z.boolean()),
    }),
  }),
]);

export const testEmailResultSchema: z.ZodMiniType<TestEmailResult> = z.discriminatedUnion('sent', [
  z.object({ sent: z.literal(true), to: z.string(), messageId: z.string(), response: z.string() }),
  z.object({
    sent: z.literal(false),
    to: z.string(),
    code: z.string(),
    response: z.optional(z.string()),
  }),
]);
