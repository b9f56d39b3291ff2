import {
  documentHref,
  hasPageDocument,
  hashRoute,
  isHomePath,
  pageOfDocument,
  prerenderedPageFile,
  routeHref,
  scriptHref,
  sectionOfPath,
  staticHref,
} from './routes.ts';

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
    expect(prerenderedPageFile('/privacy')).toBe('pages/privacy.html');
    expect(prerenderedPageFile('/privacidad')).toBe('pages/privacidad.html');
    expect(prerenderedPageFile('/')).toBeUndefined();
    expect(prerenderedPageFile('/about')).toBeUndefined();
    expect(prerenderedPageFile('/no-such-page')).toBeUndefined();
  });
});

describe('the privacy note', () => {
  it('has a document of its own in each language; its Spanish alias is a hash route', () => {
    expect(hasPageDocument('/privacy')).toBe(true);
    expect(hasPageDocument('/privacidad')).toBe(false);
    expect(isHomePath('/privacy')).toBe(false);
    expect(staticHref('/', '/privacy')).toBe('/privacy/');
    expect(staticHref('/es/', '/privacy')).toBe('/es/privacy/');
    expect(staticHref('/es/', '/privacidad')).toBe('/es/#/privacidad');
    expect(hashRoute('#/privacidad')).toBe('/privacidad');
  });
});

describe('links without and with JavaScript', () => {
  const documents = ['/', '/es/'];

  it("writes, in the built HTML, each page's own document and each section as an anchor of home", () => {
    expect(staticHref('/', '/team')).toBe('/team/');
    expect(staticHref('/es/', '/join-our-team', '?field=resume')).toBe(
      '/es/join-our-team/?field=resume',
    );
    expect(staticHref('/', '/')).toBe('/');
    expect(staticHref('/es/', '/about')).toBe('/es/#about');
    // An alias has no document of its own: the hash route, which the home page explains.
    expect(staticHref('/', '/solicitar-servicio')).toBe('/#/solicitar-servicio');
  });

  it('turns each of those back into the hash route the app writes', () => {
    for (const [path, search] of [
      ['/team', ''],
      ['/join-our-team', '?field=resume'],
      ['/privacy', ''],
      ['/about', ''],
      ['/', ''],
    ] as const) {
      const built = staticHref('/', path, search);
      expect(scriptHref(built, '/', documents)).toBe(`#${path}${search}`);
      expect(routeHref('/', path, search)).toBe(`#${path}${search}`);
    }
    // In the other language's document: that document's hash route, its home the document.
    expect(scriptHref('/es/team/', '/', documents)).toBe(documentHref('/es/', '/team'));
    expect(scriptHref('/es/', '/', documents)).toBe('/es/');
    expect(scriptHref('/team/', '/es/', documents)).toBe('/#/team');
    // Anything else is left alone.
    for (const other of ['/assets/logo.svg', '/api/forms/quote', '/no-such-page/', 'tel:+1']) {
      expect(scriptHref(other, '/', documents)).toBeUndefined();
    }
  });

  it("knows a page's own document from its address, with or without the last slash", () => {
    expect(pageOfDocument('/team/')).toEqual({ documentPath: '/', path: '/team' });
    expect(pageOfDocument('/es/request-service')).toEqual({
      documentPath: '/es/',
      path: '/request-service',
    });
    expect(pageOfDocument('/es/privacy/')).toEqual({ documentPath: '/es/', path: '/privacy' });
    expect(pageOfDocument('/')).toBeUndefined();
    expect(pageOfDocument('/es/')).toBeUndefined();
    expect(pageOfDocument('/admin/')).toBeUndefined();
  });
});
