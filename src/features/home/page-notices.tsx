import { language } from '../../content/language';
import { pathsOf, routes, staticHref } from '../../content/routes';
import { ui, pagesContent } from '../../content/site';
import { useContent } from '../../content/use-content';

/**
 * A page's hash link (`/#/request-service`, as links shared before each page had a document)
 * opened without JavaScript reaches the home page: the fragment names an element here
 * (`id="/request-service"`), which CSS shows (`:target`, index.css) with the link to the page's
 * own document. With JavaScript the page itself opens (src/route-marker.ts) and these stay hidden.
 */
export function PageNotices() {
  const { pages } = useContent(pagesContent);
  /** The pages a hash link may name (`/#/team`), and their titles. */
  const linkedPages = [
    { route: routes.team, title: pages.team.title },
    { route: routes.contact, title: pages.contact.title },
    { route: routes.quote, title: pages.quote.title },
    { route: routes.application, title: pages.application.title },
    { route: routes.privacy, title: pages.privacy.title },
  ];
  return (
    <>
      {linkedPages.flatMap(({ route, title }) =>
        pathsOf(route).map((path) => (
          <p key={path} id={path} className="route-notice container-page">
            {ui.pageElsewhere} <a href={staticHref(language.documentPath, route.path)}>{title}</a>
          </p>
        )),
      )}
    </>
  );
}
