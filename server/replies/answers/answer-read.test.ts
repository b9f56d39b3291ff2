import { readMessage } from './answer-read.ts';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz';
const ours = { replyAddress: 'replies@staffing.example', messageDomain: 'staffing.example' };

function raw(headers: string[], body: string, type = 'text/plain'): Buffer {
  return Buffer.from(
    [
      'From: Ana López <ana@visitor.example>',
      'To: someone@elsewhere.example',
      'Subject: Re: Your quote',
      ...headers,
      'MIME-Version: 1.0',
      `Content-Type: ${type}; charset=utf-8`,
      '',
      body,
      '',
    ].join('\r\n'),
  );
}

describe('readMessage', () => {
  it('reads the token of Delivered-To, and an HTML-only answer as text, never HTML', async () => {
    const message = await readMessage(
      raw(
        [`Delivered-To: replies+${TOKEN}@staffing.example`, 'Message-ID: <m@visitor.example>'],
        '<div><b>Yes</b>, 120 guests.</div><div>On Thu, May 2, 2030 Potomac Staffing wrote:</div><blockquote>How many?</blockquote>',
        'text/html',
      ),
      ours,
    );
    expect(message.clues.tokens).toEqual([TOKEN]);
    expect(message.automatic).toBe(false);
    const answer = message.answer('sub-1', 5);
    expect(answer.body).toBe('Yes, 120 guests.');
    expect(answer.body).not.toMatch(/[<>]/);
    expect(answer.quoted).toContain('How many?');
    expect(answer).toMatchObject({
      submissionId: 'sub-1',
      at: 5,
      fromAddress: 'ana@visitor.example',
      toAddress: 'someone@elsewhere.example',
      subject: 'Re: Your quote',
      messageId: '<m@visitor.example>',
      inReplyTo: null,
      refIds: null,
    });
  });

  it('keeps In-Reply-To and References, and gives a message without a Message-ID a stable one', async () => {
    const bytes = raw(
      [
        'In-Reply-To: <reply.1@staffing.example>',
        'References: <a@staffing.example> <reply.1@staffing.example>',
      ],
      'Fine.',
    );
    const first = (await readMessage(bytes, ours)).answer('sub-1', 1);
    const again = (await readMessage(bytes, ours)).answer('sub-1', 2);
    expect(first.messageId).toMatch(/^<[0-9a-f]{40}@answer\.invalid>$/);
    expect(again.messageId).toBe(first.messageId);
    expect(first.inReplyTo).toBe('<reply.1@staffing.example>');
    expect(first.refIds).toBe('<a@staffing.example> <reply.1@staffing.example>');
    const other = (await readMessage(raw([], 'Other.'), ours)).answer('sub-1', 1);
    expect(other.messageId).not.toBe(first.messageId);
  });

  it('knows an auto-reply', async () => {
    const message = await readMessage(
      raw(['Auto-Submitted: auto-replied'], 'Out of office.'),
      ours,
    );
    expect(message.automatic).toBe(true);
    expect((await readMessage(raw(['Auto-Submitted: no'], 'Me.'), ours)).automatic).toBe(false);
  });

  it('knows a bounce or an auto-responder without Auto-Submitted', async () => {
    const bounce = (from: string, headers: string[] = [], type = 'text/plain') =>
      Buffer.from(
        [
          `From: ${from}`,
          `To: replies+${TOKEN}@staffing.example`,
          'Subject: Undelivered Mail Returned to Sender',
          ...headers,
          'MIME-Version: 1.0',
          `Content-Type: ${type}`,
          '',
          'This is the mail system.',
          '',
        ].join('\r\n'),
      );
    const machine = [
      bounce('Mail Delivery System <MAILER-DAEMON@mx.visitor.example>'),
      bounce('postmaster@visitor.example'),
      bounce('Ana <ana@visitor.example>', ['Return-Path: <>']),
      bounce('Ana <ana@visitor.example>', ['X-Autoreply: yes']),
      bounce('Ana <ana@visitor.example>', ['X-Autorespond: Out of office']),
      bounce('Ana <ana@visitor.example>', ['Precedence: auto_reply']),
      bounce('Ana <ana@visitor.example>', ['Precedence: bulk']),
      bounce(
        'mx@visitor.example',
        [],
        'multipart/report; report-type=delivery-status; boundary="b"',
      ),
    ];
    for (const message of machine) {
      expect((await readMessage(message, ours)).automatic).toBe(true);
    }
    const person = bounce('Ana <ana@visitor.example>', ['Return-Path: <ana@visitor.example>']);
    expect((await readMessage(person, ours)).automatic).toBe(false);
  });
});
