import { NOTHING_PUBLISHED } from '../../src/content/published.ts';
import { forms } from '../intake/forms.ts';
import { storedSubmission } from '../testing/fixtures.ts';
import type { StoredReply } from '../store/reply-row.ts';
import { answerNotification } from './answer-message.ts';
import type { MessageSource } from './messages.ts';

const source: MessageSource = {
  store: { attachmentFiles: async () => [] },
  forms,
  from: 'Potomac Staffing <hello@staffing.example>',
  to: ['owner@staffing.example', 'desk@staffing.example'],
  published: () => NOTHING_PUBLISHED,
};

const submission = storedSubmission({
  id: 'sub-7',
  form: 'quote',
  fields: { clientName: 'Ana López', email: 'ana@example.com' },
});

function answer(overrides: Partial<StoredReply> = {}): StoredReply {
  return {
    id: 12,
    submissionId: 'sub-7',
    direction: 'in',
    at: Date.parse('2030-05-02T15:30:00Z'),
    userEmail: null,
    templateId: null,
    language: null,
    from: 'ana@example.com',
    to: 'replies+abc@staffing.example',
    subject: 'Re: Your quote request',
    body: 'Yes, 120 guests.\nSee you Saturday.',
    quoted: 'On Thu, Potomac Staffing wrote:\n> Thank you for your request',
    messageId: '<m1@example.com>',
    inReplyTo: '<reply.1@staffing.example>',
    references: ['<reply.1@staffing.example>'],
    ...overrides,
  };
}

describe('answerNotification', () => {
  it('tells the owner who answered, with their words and not the quoted text', () => {
    const mail = answerNotification(source, submission, answer());
    expect(mail.to).toEqual(source.to);
    expect(mail.from).toBe(source.from);
    expect(mail.subject).toBe('Answer from Ana López: Re: Your quote request');
    expect(mail.text).toContain('Ana López (ana@example.com) answered about their quote request');
    expect(mail.text).toContain('reference sub-7');
    expect(mail.text).toContain('Yes, 120 guests.\nSee you Saturday.');
    expect(mail.text).toContain('needs a reply again');
    expect(mail.text).not.toContain('Thank you for your request');
    expect(mail.headers).toMatchObject({
      'X-Submission-Id': 'sub-7',
      'Auto-Submitted': 'auto-generated',
    });
    expect(mail.messageId).toBe('<sub-7.answer.12@staffing.example>');
    expect(mail.replyTo).toBeUndefined();
  });

  it('names the sender by address when the form gave no name, and keeps headers out of the subject', () => {
    const mail = answerNotification(
      source,
      storedSubmission({ id: 'sub-8', form: 'quote', fields: {} }),
      answer({ subject: 'Re: hi\r\nBcc: everyone@example.com', body: '' }),
    );
    expect(mail.subject).toBe('Answer from ana@example.com: Re: hi Bcc: everyone@example.com');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toContain('(No words of their own: only the quoted text.)');
  });

  it('says of a submission in Spam that it stays there, not that it needs a reply', () => {
    const spam = storedSubmission({ ...submission, status: 'spam' });
    const mail = answerNotification(source, spam, answer());
    expect(mail.text).toContain("It is in Spam: mark it 'Not spam'");
    expect(mail.text).not.toContain('needs a reply again');
  });
});
