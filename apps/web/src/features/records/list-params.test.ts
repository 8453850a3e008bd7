import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE } from '@storekeep/contracts';
import { defaultListParams, listParamsToSearch, parseListParams, toApiQuery } from './list-params';

const parse = (query: string) => parseListParams('stores', new URLSearchParams(query));

describe('list parameters in the URL', () => {
  it('reads page, size, search, sort, direction and the type’s filters', () => {
    expect(
      parse('page=3&per_page=50&search=%20main%20&sort=city&direction=desc&status=open,closed&brand_id=4,7'),
    ).toEqual({
      page: 3,
      per_page: 50,
      search: 'main',
      sort: 'city',
      direction: 'desc',
      filters: { status: ['open', 'closed'], brand_id: ['4', '7'] },
    });
  });

  it('falls back to the defaults for what a hand-edited link gets wrong', () => {
    expect(parse('page=-2&per_page=33&sort=password&direction=sideways')).toEqual(defaultListParams());
    expect(parse('page=abc').page).toBe(1);
  });

  it('drops filter values the field cannot hold and filters of other types', () => {
    const params = parse('status=open,bogus&brand_id=4,x7,&kind=landlord&region=%20West%20Coast%20');
    expect(params.filters).toEqual({ status: ['open'], brand_id: ['4'], region: ['West Coast'] });
  });

  it('keeps team attributes’ sorts and filters for the server to check', () => {
    const params = parse('sort=attr.lease_grade&attr.lease_grade=a,b&attr.Bad-Key=x');
    expect(params.sort).toBe('attr.lease_grade');
    expect(params.filters).toEqual({ 'attr.lease_grade': ['a', 'b'] });
  });

  it('writes defaults nowhere, so a plain list has a plain link', () => {
    expect(listParamsToSearch(defaultListParams()).toString()).toBe('');
    expect(
      listParamsToSearch(
        defaultListParams({ page: 2, per_page: 100, sort: 'name', direction: 'asc' }),
      ).toString(),
    ).toBe('sort=name&direction=asc&per_page=100&page=2');
  });

  it('reads back what it writes', () => {
    const params = parse('page=2&per_page=10&search=mall&sort=name&direction=desc&status=open&company_id=9');
    expect(parseListParams('stores', listParamsToSearch(params))).toEqual(params);
  });
});

describe('the API query of a list', () => {
  it('names filters as filters[field] and sends a direction only with a sort', () => {
    expect(
      toApiQuery({
        page: 2,
        per_page: DEFAULT_PAGE_SIZE,
        search: 'x',
        filters: { status: ['open', 'closed'], brand_id: [] },
      }),
    ).toEqual({ page: 2, per_page: DEFAULT_PAGE_SIZE, search: 'x', 'filters[status]': 'open,closed' });
    expect(toApiQuery({ sort: 'name' })).toEqual({ sort: 'name', direction: 'asc' });
  });
});
