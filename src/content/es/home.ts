import { contentOf } from '../published.ts';
import { names } from '../business.ts';
import type * as en from '../home.ts';
import { homeSections, routes } from '../routes.ts';
import type { CarouselLabels, NavItem, Stat, Translation } from '../types.ts';
import { companyContent } from './company.ts';
import { navigationContent } from './navigation.ts';

/** Every text of the home page, in Spanish. The images are in ../home-images.ts. */

/**
 * The entry of a list at `index`. Translation<> widens the English tuples (company.staffTypes,
 * company.serviceAreas) to arrays, so tsc cannot know the entry exists; this fails loudly if not.
 */
function entry(list: readonly string[], index: number): string {
  const item = list[index];
  if (item === undefined) throw new Error(`No entry ${index} in [${list.join(', ')}]`);
  return item;
}

export const carouselLabels: Translation<typeof en.carouselLabels> = {
  pause: 'Pausar la presentación automática',
  play: 'Iniciar la presentación automática',
  previous: 'Testimonio anterior',
  next: 'Testimonio siguiente',
  showSlide: (position) => `Mostrar diapositiva ${position}`,
  slide: (position, total) => `${position} de ${total}`,
  carouselRole: 'carrusel',
  slideRole: 'diapositiva',
} satisfies CarouselLabels;

/**
 * The home page's sections as `published` has them (their figures and links from its company
 * and menu).
 */
export const homeContent = contentOf((editable, published) => {
  const { claims, company } = companyContent(published);
  const { requestServiceCta } = navigationContent(published);

  const hero: Translation<en.HomeContent['hero']> = editable(
    'home.hero',
    {
      eyebrow: 'Washington D.C. · Maryland · Virginia',
      intro:
        'Meseros, bartenders, capitanes y chefs profesionales para eventos corporativos, privados, diplomáticos y benéficos en todo el DMV.',
      stats: [claims.stats.events, claims.stats.staff, claims.stats.years] satisfies Stat[],
      cta: requestServiceCta satisfies NavItem,
      whatsapp: { label: 'Escríbanos por WhatsApp', href: company.whatsappUrl },
      carousel: {
        label: 'Nuestros eventos',
        /** SPEC 9: the hero advances every 4 seconds. */
        intervalMs: 4000,
        /** What each image of home-images.ts shows, in its order. */
        slideAlts: [
          'Un mesero sirve vino en una mesa de cena de gala a la luz de las velas, bajo lámparas de cristal.',
          'Un bartender agita un cóctel frente a una contrabarra con luz tenue.',
          'Una pareja de recién casados brinda junto al pastel de bodas bajo guirnaldas de luces.',
          'Un mesero ofrece canapés a los invitados en una recepción corporativa con vista a la ciudad.',
          'Un chef trincha carne en un bufé de catering con calentadores plateados.',
          'Un capitán de eventos con un portapapeles da instrucciones a una fila de personal uniformado antes del servicio.',
          'Invitados en una terraza en la azotea al atardecer, con la cúpula del Capitolio y el Monumento a Washington al fondo.',
        ],
      },
    },
    'es',
  );

  const about: Translation<en.HomeContent['about']> = editable(
    'home.about',
    {
      id: homeSections.about,
      eyebrow: 'Quiénes somos',
      title: `Profesionales de la hospitalidad desde ${company.foundedYear}`,
      intro: `${company.name} brinda personal a los eventos más importantes de la región capital, con personas capacitadas para que cada invitado se sienta bien atendido.`,
      mission: {
        title: 'Nuestra misión',
        text: 'Brindar un servicio impecable con profesionales capacitados, confiables y cálidos, para que nuestros clientes sean anfitriones con total confianza y sus invitados recuerden la velada, no la logística.',
      },
      valuesTitle: 'Nuestros valores',
      values: [
        {
          icon: 'award',
          title: 'Profesionalismo',
          description:
            'Personal puntual, discreto y de presentación impecable, que sigue su cronograma y su protocolo al minuto.',
        },
        {
          icon: 'heart-handshake',
          title: 'Pasión por el servicio',
          description:
            'Amamos la hospitalidad. Cada plato, cada copa y cada saludo son una oportunidad para que sus invitados se sientan bienvenidos.',
        },
        {
          icon: 'users',
          title: 'Trabajo en equipo',
          description:
            'Capitanes, meseros, bartenders y equipos de cocina que trabajan como un solo equipo con usted y sus proveedores.',
        },
      ] satisfies en.IconCard[],
      founder: {
        title: 'Conozca a nuestra fundadora',
        name: names.founder,
        role: 'Fundadora y directora general',
        quote:
          'El gran servicio es invisible: los invitados solo notan que todo fue fácil. Para eso nos capacitamos.',
        bio: `Daniela trabajó quince años en el salón de los mejores hoteles y embajadas de la región antes de fundar la empresa en ${company.foundedYear}. Todavía capacita en persona a cada nuevo integrante del equipo.`,
        credentialsLabel: 'Credenciales de instructora',
        credentials: [
          'Instructora certificada de TIPS',
          'Instructora y examinadora certificada de ServSafe',
        ],
        portraitAlt: `Retrato ilustrado de ${names.founder}, fundadora de la empresa.`,
      },
    },
    'es',
  );

  const services: Translation<en.HomeContent['services']> = editable(
    'home.services',
    {
      id: homeSections.services,
      eyebrow: 'Nuestros servicios',
      title: 'Las personas indicadas para cada puesto',
      intro:
        'Desde una cena íntima hasta una gala de mil invitados, cubrimos su evento con profesionales capacitados y certificados.',
      cta: { label: 'Solicitar cotización', to: routes.quote.path } satisfies NavItem,
      /** Screen-reader context for each card's link: "Solicitar cotización para …". */
      ctaContext: (service) => `para ${service}`,
      featuresLabel: (service) => `${service}: qué incluye`,
      cards: [
        {
          icon: 'utensils',
          title: entry(company.staffTypes, 0),
          description:
            'Meseros pulcros y atentos que sirven cada plato a tiempo y cuidan a cada invitado.',
          features: [
            'Servicio de alta cocina',
            'Servicio de bufé',
            'Eventos corporativos',
            'Fiestas privadas',
          ],
        },
        {
          icon: 'wine',
          title: entry(company.staffTypes, 1),
          description: 'Bartenders responsables y creativos que sirven con estilo y con esmero.',
          features: [
            'Certificación TIPS 360',
            'Servicio de barra completo',
            'Menús de bebidas personalizados',
          ],
        },
        {
          icon: 'clipboard-list',
          title: entry(company.staffTypes, 2),
          description:
            'Líderes con experiencia que dirigen el salón para que usted disfrute de su evento.',
          features: [
            'Gestión en el lugar',
            'Supervisión del personal',
            'Coordinación de proveedores',
            'Gestión del cronograma',
          ],
        },
        {
          icon: 'chef-hat',
          title: entry(company.staffTypes, 3),
          description:
            'Equipos de cocina calificados que apoyan a su empresa de catering desde la preparación hasta la limpieza.',
          features: [
            'Cocineros de preparación',
            'Cocineros de línea',
            'Lavaplatos',
            'Auxiliares de cocina',
          ],
        },
      ] satisfies en.ServiceCard[],
    },
    'es',
  );

  const references: Translation<en.HomeContent['references']> = editable(
    'home.references',
    {
      id: homeSections.references,
      eyebrow: 'Referencias',
      title: 'De confianza en toda la región capital',
      intro:
        'Empresas, instituciones públicas, organizaciones sin fines de lucro y anfitriones privados confían en nosotros para sus ocasiones más importantes.',
      categories: [
        {
          category: 'Fortune 500',
          icon: 'building',
          clients: names.clients.corporate,
        },
        {
          category: 'Instituciones gubernamentales',
          icon: 'landmark',
          clients: names.clients.government,
        },
        {
          category: 'Organizaciones sin fines de lucro',
          icon: 'hand-heart',
          clients: names.clients.nonProfit,
        },
        {
          category: 'Clientes privados VIP',
          icon: 'gem',
          clients: [
            'Residencias privadas en McLean',
            'Residencias en Georgetown',
            'Recepciones en Embassy Row',
            'Celebraciones familiares en Potomac',
          ],
        },
      ] satisfies en.ClientCategory[],
      testimonialsTitle: 'Lo que dicen nuestros clientes',
      testimonials: {
        label: 'Testimonios de clientes',
        /** SPEC 9: testimonials advance every 5 seconds. */
        intervalMs: 5000,
        ratingScale: 5,
        ratingLabel: (rating, scale) => `Calificación: ${rating} de ${scale}`,
        // The people and companies are in business.ts.
        items: [
          {
            ...names.testimonials.brooks,
            position: 'Directora de eventos',
            text: 'Nuestra gala anual para 600 invitados salió impecable. El capitán se anticipó a cada cambio antes de que lo pidiéramos, y nuestra junta directiva notó el servicio.',
          },
          {
            ...names.testimonials.whitfield,
            position: 'Oficial de protocolo',
            text: 'Discretos, puntuales y con autorización para ingresar a nuestro edificio. Atendieron una cena con jefes de delegación con el aplomo que esperamos de nuestro propio personal.',
          },
          {
            ...names.testimonials.gonzalez,
            position: 'Directora ejecutiva',
            text: 'Nuestra recaudación de fondos depende de que los donantes se sientan bienvenidos. Los bartenders y meseros fueron cálidos, rápidos y parte de nuestro equipo.',
          },
          {
            ...names.testimonials.carter,
            position: 'Anfitriones privados',
            text: 'Desde la primera llamada hasta la última copa, se encargaron de todo en la boda de nuestra hija. Nosotros simplemente disfrutamos la noche.',
          },
        ] satisfies en.Testimonial[],
      },
    },
    'es',
  );

  /** The seed lists no venue categories; the venues section draws none while this is empty. */
  const venueCategories: en.VenueCategory[] = [];

  const venues: Translation<en.HomeContent['venues']> = editable(
    'home.venues',
    {
      id: homeSections.venues,
      eyebrow: 'Dónde trabajamos',
      title: 'Recintos en todo el DMV',
      intro:
        'Hoteles, embajadas, museos, residencias y azoteas: nuestros equipos conocen los recintos de la región y sus reglas.',
      areasTitle: 'Áreas de servicio',
      areas: [
        {
          area: entry(company.serviceAreas, 0),
          highlights: names.venueHighlights.dc,
        },
        {
          area: entry(company.serviceAreas, 1),
          highlights: names.venueHighlights.virginia,
        },
        {
          area: entry(company.serviceAreas, 2),
          highlights: names.venueHighlights.maryland,
        },
      ] satisfies en.VenueArea[],
      credentialsTitle: 'Credenciales especiales',
      credentials: [
        {
          icon: 'shield-check',
          title: 'Autorización de seguridad',
          description:
            'Personal con verificación de antecedentes, listo para edificios gubernamentales y recintos de alta seguridad.',
        },
        {
          icon: 'crown',
          title: 'Protocolo VIP',
          description:
            'Personal capacitado en etiqueta diplomática y servicio discreto para dignatarios y figuras públicas.',
        },
        {
          icon: 'sparkles',
          title: 'Recintos exclusivos',
          description:
            'Conocemos los accesos de carga, las normas y las áreas de servicio de los mejores recintos de la región.',
        },
      ] satisfies en.IconCard[],
      eventTypesTitle: 'Eventos que atendemos',
      eventTypes: [
        'Galas y conferencias corporativas',
        'Bodas y celebraciones privadas',
        'Recepciones diplomáticas',
        'Recaudaciones de fondos benéficas',
        'Fiestas de fin de año',
        'Eventos culturales y de museos',
      ],
      coverageTitle: 'Cobertura',
      coverage: [
        claims.coverage.radius,
        claims.coverage.venues,
        claims.coverage.states,
      ] satisfies Stat[],
      categories: venueCategories,
      inquire: { label: 'Consultar sobre un recinto', to: routes.quote.path } satisfies NavItem,
      call: { label: 'Llame ahora', phone: company.phones.direct },
    },
    'es',
  );

  const clients: Translation<en.HomeContent['clients']> = editable(
    'home.clients',
    {
      id: homeSections.clients,
      eyebrow: 'Nuestros socios',
      title: 'Con la confianza de empresas de catering y recintos líderes',
      names: names.partners,
    },
    'es',
  );

  return { hero, about, services, references, venues, clients };
});
