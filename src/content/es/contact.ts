import { contentOf } from '../published.ts';
import type * as en from '../contact.ts';
import { routes } from '../routes.ts';
import type { Translation } from '../types.ts';
import { companyContent } from './company.ts';

/** The contact page (/contact): labels around the company's facts, which live in company.ts. */

export const contactContent = contentOf((editable, published) => {
  const { claims, company } = companyContent(published);

  const shortcuts: en.ContactShortcut[] = [
    {
      id: 'quote',
      title: '¿Planea un evento?',
      description: `Indíquenos la fecha, el lugar y el personal que necesita: recibirá una cotización personalizada en un plazo de ${claims.quoteTurnaround}. ${claims.freeConsultation} incluida.`,
      linkLabel: 'Solicitar cotización',
      to: routes.quote.path,
    },
    {
      id: 'application',
      title: '¿Busca trabajo?',
      description: `Únase a los meseros, bartenders, capitanes y personal de cocina detrás de los mejores eventos del DMV. Revisamos cada solicitud en un plazo de ${claims.applicationReview}.`,
      linkLabel: 'Postúlese a nuestro equipo',
      to: routes.application.path,
    },
  ];

  const contact: Translation<en.ContactContent['contact']> = editable(
    'contact',
    {
      reach: {
        eyebrow: 'Póngase en contacto',
        title: 'Hable con nuestro equipo',
        intro:
          'Llámenos, escríbanos o envíenos un mensaje, o visite nuestra oficina en Vienna, Virginia.',
      },
      phone: { title: 'Teléfono' },
      email: { title: 'Correo electrónico', label: 'Reservas' },
      whatsapp: {
        title: 'WhatsApp',
        label: 'Escriba a nuestra oficina por WhatsApp',
        hint: {
          lead: 'Los mensajes llegan a nuestra línea de oficina,',
          phone: company.phones.office.display,
        },
      },
      visit: { title: 'Oficina', mapLabel: 'Cómo llegar con Google Maps' },
      hours: {
        title: 'Horario de atención',
        responseTitle: 'Respuesta rápida',
        response: `Respondemos cada llamada, correo y mensaje en un plazo de ${claims.responseTime}.`,
      },
      shortcuts: {
        title: '¿Cómo podemos ayudarle?',
        items: shortcuts,
      },
    },
    'es',
  );

  return { contact };
});
