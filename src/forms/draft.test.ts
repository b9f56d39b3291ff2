import { renderHook } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { useForm } from 'react-hook-form';
import { clearDraft, readDraft, readDraftText, useDraft, writeDraft } from './draft';

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

describe('useDraft', () => {
  const fields = ['name', 'services'];
  beforeEach(() => window.sessionStorage.clear());

  /** A form whose `services` get a value before any effect runs, as a field's ref gives them. */
  function useFormTakenOver(services: string[]) {
    const form = useForm({ defaultValues: { name: '', services: [] as string[] } });
    useLayoutEffect(() => {
      if (services.length) form.setValue('services', services, { shouldDirty: true });
    }, [form, services]);
    useDraft('test-draft', form, fields);
    return form;
  }

  it('saves a value the form took before it watched for changes (a box ticked as the app started)', () => {
    renderHook(() => useFormTakenOver(['Bartenders & Mixologists']));
    expect(readDraft('test-draft', empty)).toEqual({
      name: '',
      services: ['Bartenders & Mixologists'],
    });
  });

  it('writes no draft for a form nobody has touched', () => {
    renderHook(() => useFormTakenOver([]));
    expect(window.sessionStorage.getItem('test-draft')).toBeNull();
  });
});
