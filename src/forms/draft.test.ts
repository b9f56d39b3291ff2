import { clearDraft, readDraft, readDraftText, writeDraft } from './draft';

const empty = { name: '', services: [] as string[] };

describe('draft persistence', () => {
  it('reads back what was written, over the empty values', () => {
    writeDraft('test-draft', { name: 'Jordan', services: ['Bartenders & Mixologists'] });
    expect(readDraft('test-draft', empty)).toEqual({
      name: 'Jordan',
      services: ['Bartenders & Mixologists'],
    });
  });

  it('keeps a field empty when its saved value has the wrong shape, and ignores extra keys', () => {
    window.sessionStorage.setItem(
      'test-draft',
      JSON.stringify({ name: 42, services: ['ok', 3], _gotcha: 'spam' }),
    );
    expect(readDraft('test-draft', empty)).toEqual(empty);
  });

  it('survives a corrupt or missing draft', () => {
    window.sessionStorage.setItem('test-draft', '{not json');
    expect(readDraft('test-draft', empty)).toEqual(empty);
    expect(readDraft('no-such-draft', empty)).toEqual(empty);
  });

  it('clears a draft', () => {
    writeDraft('test-draft', { name: 'Jordan', services: [] });
    clearDraft('test-draft');
    expect(window.sessionStorage.getItem('test-draft')).toBeNull();
  });
});

describe('readDraftText', () => {
  it('reads back a saved text, and gives an empty one for anything else', () => {
    writeDraft('test-name', 'cv.pdf');
    expect(readDraftText('test-name')).toBe('cv.pdf');
    writeDraft('test-name', { name: 'cv.pdf' });
    expect(readDraftText('test-name')).toBe('');
    window.sessionStorage.setItem('test-name', '{not json');
    expect(readDraftText('test-name')).toBe('');
    expect(readDraftText('no-such-name')).toBe('');
  });
});
