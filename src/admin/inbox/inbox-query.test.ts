import '../../test/new-york-time';
import { apiQuery, hasFilters, withFilter, withRosterValue } from './inbox-query';

const entries = (params: URLSearchParams) => [...params.entries()];

describe('apiQuery', () => {
  it('turns the days of the address into times: from its midnight to the next one', () => {
    const query = apiQuery(new URLSearchParams('from=2026-03-01&to=2026-03-08'));
    expect(entries(query)).toEqual([
      ['from', String(new Date(2026, 2, 1).getTime())],
      ['to', String(new Date(2026, 2, 9).getTime())],
    ]);
    // The 8th ends 23 hours after it starts (clocks go forward that night).
    expect(Number(query.get('to')) - new Date(2026, 2, 8).getTime()).toBe(23 * 60 * 60 * 1000);
  });

  it('keeps status, form and the trimmed search, and drops what is empty', () => {
    const query = apiQuery(
      new URLSearchParams('status=new&form=quote&q=%20%20rivera%20&from=&to=later&page=3'),
    );
    expect(entries(query)).toEqual([
      ['status', 'new'],
      ['form', 'quote'],
      ['q', 'rivera'],
    ]);
    expect(entries(apiQuery(new URLSearchParams('status=&form=&q=%20%20')))).toEqual([]);
  });

  it('adds the cursor of the page before', () => {
    expect(entries(apiQuery(new URLSearchParams('status=handled'), 'cursor-1'))).toEqual([
      ['status', 'handled'],
      ['after', 'cursor-1'],
    ]);
    expect(apiQuery(new URLSearchParams(), '').has('after')).toBe(false);
  });
});

describe('withFilter', () => {
  it('sets one filter and keeps the others, without changing the params it was given', () => {
    const params = new URLSearchParams('status=new&q=rivera');
    expect(withFilter(params, 'status', 'spam').toString()).toBe('status=spam&q=rivera');
    expect(withFilter(params, 'form', 'quote').toString()).toBe('status=new&q=rivera&form=quote');
    expect(params.toString()).toBe('status=new&q=rivera');
  });

  it("removes a filter set to ''", () => {
    const params = new URLSearchParams('status=new&q=rivera');
    expect(withFilter(params, 'q', '').toString()).toBe('status=new');
    expect(withFilter(params, 'from', '').toString()).toBe('status=new&q=rivera');
  });
});

describe('hasFilters', () => {
  it('is true when any filter has a value', () => {
    for (const name of ['status', 'form', 'from', 'to', 'q']) {
      expect(hasFilters(new URLSearchParams({ [name]: 'x' }))).toBe(true);
    }
  });

  it('is false with no filter, empty ones, or only other parameters', () => {
    expect(hasFilters(new URLSearchParams())).toBe(false);
    expect(hasFilters(new URLSearchParams('status=&q='))).toBe(false);
    expect(hasFilters(new URLSearchParams('page=2'))).toBe(false);
  });
});

describe('the roster filters in the address', () => {
  it('adds and takes away one value at a time, and the API gets each as its own parameter', () => {
    let params = new URLSearchParams('form=application');
    params = withRosterValue(params, 'position', 'Bartender', true);
    params = withRosterValue(params, 'language', 'Spanish', true);
    params = withRosterValue(params, 'language', 'French', true);
    params = withRosterValue(params, 'language', 'Spanish', false);
    expect(entries(params)).toEqual([
      ['form', 'application'],
      ['position', 'Bartender'],
      ['language', 'French'],
    ]);
    expect(hasFilters(new URLSearchParams('day=Saturday'))).toBe(true);
    expect(
      entries(apiQuery(new URLSearchParams('view=needs-reply&day=Sunday&day=Monday'))),
    ).toEqual([
      ['view', 'needs-reply'],
      ['day', 'Sunday'],
      ['day', 'Monday'],
    ]);
  });
});
