import { hashRoute, isHomePath, prerenderedPageFile, sectionOfPath } from './routes';

describe('hashRoute', () => {
  it('reads the route path of a location hash as the hash router does', () => {
    expect(hashRoute('')).toBe('/');
    expect(hashRoute('#')).toBe('/');
    expect(hashRoute('#/')).toBe('/');
    expect(hashRoute('#/join-our-team?ref=flyer')).toBe('/join-our-team');
    // What a section link sets when no script handles it.
    expect(hashRoute('#about')).toBe('/about');
  });
});

describe('isHomePath', () => {
  it('is true for the home page and the paths of its sections, false for any other page', () => {
    expect(isHomePath('/')).toBe(true);
    expect(isHomePath('/about')).toBe(true);
    expect(isHomePath('/references')).toBe(true);
    expect(isHomePath('/team')).toBe(false);
    expect(isHomePath('/venues')).toBe(false);
    expect(isHomePath('/no-such-page')).toBe(false);
  });

  it('names the section a home path opens at', () => {
    expect(sectionOfPath('/services')).toBe('services');
    expect(sectionOfPath('/')).toBeUndefined();
  });
});

describe('prerenderedPageFile', () => {
  it('names the file of every page but home, aliases included, and none for an unknown path', () => {
    expect(prerenderedPageFile('/team')).toBe('pages/team.html');
    expect(prerenderedPageFile('/solicitar-servicio')).toBe('pages/solicitar-servicio.html');
    expect(prerenderedPageFile('/')).toBeUndefined();
    expect(prerenderedPageFile('/about')).toBeUndefined();
    expect(prerenderedPageFile('/no-such-page')).toBeUndefined();
  });
});
