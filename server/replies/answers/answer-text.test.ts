import { splitAnswer } from './answer-text.ts';

describe('splitAnswer', () => {
  it("folds away Gmail's wrapped attribution and everything after it", () => {
    const text = [
      'Yes, 120 guests.',
      '',
      'Thanks!',
      '',
      'On Thu, May 2, 2030 at 10:00 AM Potomac Staffing <',
      'hello@staffing.example> wrote:',
      '',
      '> Thank you for your request.',
      '> How many guests?',
    ].join('\r\n');
    expect(splitAnswer(text)).toEqual({
      body: 'Yes, 120 guests.\n\nThanks!',
      quoted: [
        'On Thu, May 2, 2030 at 10:00 AM Potomac Staffing <',
        'hello@staffing.example> wrote:',
        '',
        '> Thank you for your request.',
        '> How many guests?',
      ].join('\n'),
    });
  });

  it('folds away a Spanish attribution', () => {
    const { body, quoted } = splitAnswer(
      'Sí, el sábado.\n\nEl jue, 2 may 2030 a las 10:00, Potomac Staffing escribió:\n> ¿Cuándo?',
    );
    expect(body).toBe('Sí, el sábado.');
    expect(quoted).toMatch(/^El jue.*escribió:\n> ¿Cuándo\?$/);
  });

  it("folds away Outlook's original message and its header block", () => {
    expect(splitAnswer('Fine.\n-----Original Message-----\nFrom: x\nOld text').body).toBe('Fine.');
    const outlook = splitAnswer(
      'Works for us.\n\n________________________________\nFrom: Potomac Staffing\nSent: Thursday\nTo: Ana\n\nOld text',
    );
    expect(outlook.body).toBe('Works for us.');
    expect(outlook.quoted).toContain('Old text');
    const block = splitAnswer(
      'Ok.\n\nFrom: Potomac Staffing <hello@staffing.example>\nSent: Thursday\n\nOld',
    );
    expect(block.body).toBe('Ok.');
  });

  it("keeps the visitor's words between quoted lines, and 'From:' in their own text", () => {
    const { body, quoted } = splitAnswer(
      '> How many guests?\n120.\n> Which date?\nJune 3.\nFrom: the whole family, thanks',
    );
    expect(body).toBe('120.\nJune 3.\nFrom: the whole family, thanks');
    expect(quoted).toBe('> How many guests?\n> Which date?');
  });

  it("keeps a visitor's 'From: … / To: …' times, and folds Outlook's <hr> line with its block", () => {
    const times = 'We need staff.\nFrom: 6 pm\nTo: 11 pm\nThanks, Ana';
    expect(splitAnswer(times)).toEqual({ body: times, quoted: null });
    const spanish = 'Necesitamos personal.\nDe: 18 h\nPara: 120 personas';
    expect(splitAnswer(spanish)).toEqual({ body: spanish, quoted: null });
    // Outlook's HTML-only answer as mailparser makes it text: its <hr> is a line of dashes.
    const html = splitAnswer(
      `Yes 50.\n\n\n${'-'.repeat(80)}\nFrom: Potomac Staffing <hello@staffing.example>\nSent: Thursday\nTo: Ana\nHow many?`,
    );
    expect(html.body).toBe('Yes 50.');
    expect(html.quoted).toMatch(/^-{80}\nFrom: Potomac/);
  });

  it('has no quoted text when nothing was quoted', () => {
    expect(splitAnswer('  Just this.  \n\n')).toEqual({ body: 'Just this.', quoted: null });
  });
});
