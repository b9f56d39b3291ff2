import { messageDomain } from '../../mail/message-source.ts';
import { answerClues, messageIdsOf, noClues } from './answer-match.ts';
import { imapTarget } from './imap-url.ts';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz';
const ours = { replyAddress: 'replies@staffing.example', messageDomain: 'staffing.example' };
const none = { recipients: [], inReplyTo: undefined, references: [] };

describe('answerClues', () => {
  it('reads a token from any recipient written to the reply address', () => {
    const clues = answerClues(
      {
        ...none,
        recipients: [
          'owner@staffing.example',
          `Replies <REPLIES+${TOKEN.toUpperCase()}@staffing.example>`,
        ],
      },
      ours,
    );
    expect(clues.tokens).toEqual([TOKEN]);
  });

  it('reads no token from a malformed one, another address or without REPLY_ADDRESS', () => {
    const recipients = ['replies+short@staffing.example', `other+${TOKEN}@staffing.example`];
    expect(answerClues({ ...none, recipients }, ours).tokens).toEqual([]);
    const withToken = { ...none, recipients: [`replies+${TOKEN}@staffing.example`] };
    expect(answerClues(withToken, { ...ours, replyAddress: undefined }).tokens).toEqual([]);
  });

  it('lists In-Reply-To first, then References newest first, each once', () => {
    const clues = answerClues(
      {
        ...none,
        inReplyTo: '<reply.2@staffing.example>',
        references: [
          '<sub-1.acknowledgement@staffing.example>',
          '<reply.1@staffing.example> <reply.2@staffing.example>',
        ],
      },
      ours,
    );
    expect(clues.messageIds).toEqual([
      '<reply.2@staffing.example>',
      '<reply.1@staffing.example>',
      '<sub-1.acknowledgement@staffing.example>',
    ]);
    expect(clues.acknowledged).toEqual(['sub-1']);
  });

  it("takes an acknowledgement's id only on our own domain", () => {
    const clues = answerClues(
      { ...none, inReplyTo: '<sub-1.acknowledgement@elsewhere.example>' },
      ours,
    );
    expect(clues.acknowledged).toEqual([]);
    expect(noClues(answerClues(none, ours))).toBe(true);
  });

  it("knows our domain from NOTIFY_FROM and a header's ids", () => {
    expect(messageDomain('Potomac Staffing <hello@Staffing.example>')).toBe('Staffing.example');
    expect(messageDomain('hello@staffing.example')).toBe('staffing.example');
    expect(messageIdsOf(' <a@b>\r\n\t<c@d> junk <a@b>')).toEqual(['<a@b>', '<c@d>']);
  });
});

describe('imapTarget', () => {
  it('reads IMAP_URL, decoding the user and password, INBOX by default', () => {
    expect(imapTarget('imaps://replies%40staffing.example:p%40ss%2Fw@mail.example')).toEqual({
      host: 'mail.example',
      port: 993,
      secure: true,
      user: 'replies@staffing.example',
      password: 'p@ss/w',
      mailbox: 'INBOX',
    });
    expect(imapTarget('imap://u:p@127.0.0.1:1143/Answers%20In/')).toMatchObject({
      port: 1143,
      secure: false,
      mailbox: 'Answers In',
    });
  });
});
