import { contentOf } from '../published.ts';
import { routes, withFieldFocused } from '../routes.ts';
import type * as en from '../team.ts';
import type { Translation } from '../types.ts';
import { companyContent } from './company.ts';

/** The team page (/team): the roles we staff, how we keep quality up, and how to join. */

const roles: en.TeamRole[] = [
  {
    id: 'servers',
    title: 'Meseros profesionales',
    description:
      'Profesionales de salón, de trato impecable, que ofrecen un servicio cortés y oportuno desde el primer canapé hasta el último café.',
    requirements: [
      'Mínimo 2 años de experiencia en servicio de eventos o restaurantes',
      'Certificación en servicio de alimentos',
      'Presentación y etiqueta profesionales',
    ],
    specialties: [
      'Alta cocina y servicio emplatado',
      'Servicio de bufé y estilo familiar',
      'Canapés servidos en bandeja',
      'Eventos corporativos y fiestas privadas',
    ],
  },
  {
    id: 'bartenders',
    title: 'Bartenders especializados',
    description:
      'Bartenders y mixólogos certificados que manejan una barra segura y eficiente, y hacen de cada bebida parte de la experiencia.',
    requirements: [
      'Certificación TIPS 360',
      'Mínimo 3 años de experiencia como bartender',
      'Conocimiento de cócteles clásicos y contemporáneos',
    ],
    specialties: [
      'Servicio de barra completo',
      'Menús de bebidas personalizados',
      'Cócteles de autor y mixología',
      'Servicio de vinos y champaña',
    ],
  },
  {
    id: 'kitchen',
    title: 'Personal de cocina',
    description:
      'Chefs, cocineros y auxiliares que mantienen la cocina del catering limpia, segura y a tiempo, sin importar el tamaño del evento.',
    requirements: [
      'Certificación en seguridad alimentaria (ServSafe o equivalente)',
      'Experiencia en una cocina comercial o de catering',
      'Capacidad para trabajar a buen ritmo en equipo',
    ],
    specialties: [
      'Preparación y cocina de línea',
      'Emplatado para eventos grandes',
      'Lavado de vajilla',
      'Limpieza y orden de la cocina',
    ],
  },
  {
    id: 'supervisors',
    title: 'Supervisores de eventos',
    description:
      'Líderes con experiencia que instruyen, ubican y guían al personal para que el servicio sea uniforme en todo el evento.',
    requirements: [
      'Mínimo 5 años de experiencia de liderazgo en hospitalidad o eventos',
      'Trayectoria comprobada en la gestión de equipos para eventos',
      'Comunicación clara y serena bajo presión',
    ],
    specialties: [
      'Instrucciones y asignación del personal',
      'Estándares de servicio y controles de calidad',
      'Comunicación con el cliente en el lugar',
      'Eventos a gran escala y en varios salones',
    ],
  },
  {
    id: 'captains',
    title: 'Capitanes',
    description:
      'El único punto de contacto del cliente en el lugar: dirigen el salón y mantienen el evento dentro del horario previsto.',
    requirements: [
      'Experiencia dirigiendo equipos de servicio en eventos formales',
      'Conocimiento de cronogramas de eventos, protocolo y etiqueta',
    ],
    specialties: [
      'Gestión en el lugar',
      'Supervisión del personal',
      'Coordinación de proveedores',
      'Ejecución del cronograma',
    ],
  },
  {
    id: 'support',
    title: 'Personal de apoyo',
    description:
      'Manos confiables tras bambalinas que montan, reacomodan y desmontan, para que los invitados solo noten un evento impecable.',
    requirements: [
      'Puntual, confiable y capaz de cargar hasta 50 lb',
      'Espíritu de equipo y vocación de servicio',
    ],
    specialties: [
      'Montaje y desmontaje',
      'Recepción de invitados y guardarropa',
      'Ayudantes de mesero y de salón',
      'Apoyo en áreas de servicio internas',
    ],
  },
];

const pillars: en.QualityPillar[] = [
  {
    id: 'selection',
    title: 'Selección rigurosa',
    description:
      'Cada candidato pasa por una entrevista, una verificación de referencias y una prueba antes de trabajar en el evento de un cliente.',
  },
  {
    id: 'training',
    title: 'Capacitación continua',
    description:
      'Capacitación periódica en estándares de servicio, etiqueta, seguridad alimentaria y servicio responsable de alcohol.',
  },
  {
    id: 'quality',
    title: 'Control de calidad',
    description:
      'Los supervisores revisan el servicio en el lugar, y los comentarios del cliente después de cada evento mejoran el siguiente.',
  },
  {
    id: 'punctuality',
    title: 'Puntualidad',
    description:
      'El personal llega temprano, informado y uniformado, para que su evento comience exactamente a la hora prevista.',
  },
];

/**
 * The team page as `published` has it.
 */
export const teamContent = contentOf((editable, published) => {
  const { company } = companyContent(published);

  const resumeSubject = `Currículum: solicitud de empleo en ${company.name}`;

  const team: Translation<en.TeamContent['team']> = editable(
    'team',
    {
      roles: {
        eyebrow: 'Nuestros profesionales',
        title: 'Los puestos que cubrimos',
        intro: 'Cada puesto tiene requisitos claros, para que sepa quién atiende a sus invitados.',
        requirementsHeading: 'Requisitos',
        specialtiesHeading: 'Especialidades',
        items: roles,
      },
      pillars: {
        eyebrow: 'Nuestros estándares',
        title: 'Cómo garantizamos la calidad',
        intro: 'Cuatro compromisos detrás de cada persona que enviamos a su evento.',
        items: pillars,
      },
      stats: {
        eyebrow: 'Nuestra trayectoria',
        title: 'Cifras que hablan por nosotros',
      },
      join: {
        title: 'Únase a nuestro equipo',
        text: '¿Es usted un profesional de la hospitalidad que se enorgullece de brindar un gran servicio? Siempre buscamos meseros, bartenders, personal de cocina y líderes con talento.',
        apply: { label: 'Postúlese ahora', to: routes.application.path },
        sendResume: {
          label: 'Enviar currículum',
          href: `mailto:${company.email}?subject=${encodeURIComponent(resumeSubject)}`,
          hint: `o envíe su currículum a ${company.email}`,
        },
        /** Opens the application with its résumé field in view and focused. */
        attachResume: {
          label: 'O adjúntelo a la solicitud en línea',
          to: withFieldFocused(routes.application.path, 'resume'),
        },
      },
    },
    'es',
  );

  return { team };
});
