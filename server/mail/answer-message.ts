/**
 * The owner's notice of a visitor's answer read from the reply mailbox (docs/replies.md, "Answers
 * coming back"): an outbox row of kind 'answer' names the answer (`outbox.reply_id`). Who answered,
 * their own words (the quoted text left out), and that the submission Needs a reply again (or,
 * in Spam, that it stays there until 'Not spam').
 */
import { siteContent } from '../../src/content/site-content.ts';
import type { StoredReply } from '../store/reply-row.ts';
import type { StoredSubmission } from '../store/store.ts';
import { instantInWords } from './mail-format.ts';
import { oneLine, plainText } from './mail-text.ts';
import { messageDomain, type MessageSource } from './message-source.ts';
import type { MailMessage } from './transport.ts';

/** The owner's e-mail about `answer`, a visitor's answer to a reply about `submission`. */
export function answerNotification(
  source: MessageSource,
  submission: StoredSubmission,
  answer: StoredReply,
): MailMessage {
  const form = source.forms.find((candidate) => candidate.name === submission.form);
  const contact = form?.contact(submission.fields) ?? {};
  const name = oneLine(contact.name ?? '') || oneLine(answer.from) || 'the visitor';
  const { business } = siteContent(source.published());
  const about = form ? `their ${form.title.toLowerCase()}` : 'their submission';
  const text = [
    `${name} (${oneLine(answer.from) || 'no address'}) answered about ${about}, reference ${submission.id}.`,
    `Received ${instantInWords(answer.at, business.timeZone)}. ${
      submission.status === 'spam'
        ? "It is in Spam: mark it 'Not spam' on its page in the inbox to reply."
        : 'It needs a reply again: answer it from the inbox, so that the conversation stays in one place.'
    }`,
    '',
    plainText(answer.body).trim() || '(No words of their own: only the quoted text.)',
  ].join('\n');
  const subject = oneLine(answer.subject) || '(no subject)';
  return {
    from: source.from,
    to: source.to,
    subject: oneLine(`Answer from ${name}: ${subject}`, 150),
    text: `${text}\n`,
    messageId: `<${submission.id}.answer.${answer.id}@${messageDomain(source.from)}>`,
    headers: {
      'X-Submission-Id': submission.id,
      'Auto-Submitted': 'auto-generated',
      'X-Auto-Response-Suppress': 'All',
    },
  };
}
