import { contentOf } from '../published.ts';
import { optionsWithLabels, quoteServiceValues } from '../options.ts';
import type * as en from '../quote-form.ts';
import type { Translation } from '../types.ts';
import { companyContent } from './company.ts';

/** The quote request form (SPEC sections 3 and 5): every label, option and message it shows. */

export const quoteServiceOptions: Translation<typeof en.quoteServiceOptions> = optionsWithLabels(
  quoteServiceValues,
  {
    'Servers & Waitstaff': 'Meseros y personal de salón',
    'Bartenders & Mixologists': 'Bartenders y mixólogos',
    'Event Captains & Supervisors': 'Capitanes y supervisores de eventos',
    'Chefs & Kitchen Staff': 'Chefs y personal de cocina',
    'Other (Please specify below)': 'Otro (especifique más abajo)',
  },
);

/**
 * The quote form's labels and messages, as `published` has them.
 */
export const quoteFormContent = contentOf((editable, published) => {
  const { claims, company } = companyContent(published);

  const quoteMessages: Translation<en.QuoteFormContent['quoteMessages']> = editable(
    'quote.messages',
    {
      clientName: 'El nombre completo es obligatorio',
      phone: 'Se requiere un número de teléfono válido',
      email: 'Se requiere un correo electrónico válido',
      eventDate: 'La fecha del evento es obligatoria',
      eventDateInvalid: 'Ingrese una fecha de evento válida',
      eventDatePast: 'La fecha del evento no puede estar en el pasado',
      guestCount: 'El número de invitados es obligatorio',
      guestCountInvalid: `Ingrese un número entero de invitados entre 1 y ${(100000).toLocaleString('es-US')}`,
      address: 'La dirección del evento es obligatoria',
      services: 'Seleccione al menos un servicio',
    },
    'es',
  );

  const quoteForm: Translation<en.QuoteFormContent['quoteForm']> = editable(
    'quote.form',
    {
      sections: {
        contact: 'Sus datos',
        event: 'Detalles del evento',
        services: 'Servicios requeridos',
        additional: 'Información adicional',
      },
      fields: {
        clientName: { label: 'Nombre completo' },
        phone: {
          label: 'Número de teléfono',
          hint: 'Incluya el código de área, por ejemplo (202) 555-0100.',
        },
        email: {
          label: 'Correo electrónico',
          hint: 'Le enviaremos la cotización a esta dirección.',
        },
        eventDate: {
          label: 'Fecha del evento',
          hint: 'Si el evento dura varios días, el primer día.',
        },
        guestCount: { label: 'Número de invitados', hint: 'Basta con un número aproximado.' },
        address: {
          label: 'Dirección del evento',
          hint: 'Nombre del recinto o dirección, ciudad y estado.',
        },
        services: {
          legend: '¿Qué personal necesita?',
          hint: 'Seleccione todas las opciones que correspondan.',
        },
        additionalInfo: {
          label: 'Cuéntenos sobre su evento',
          hint: 'Tipo de evento, horarios, código de vestimenta o detalles de “Otro”.',
        },
      },
      submit: 'Solicitar cotización',
      sendError: 'Error al enviar la solicitud. Inténtelo de nuevo más tarde.',
      confirmation: {
        heading: 'Solicitud enviada',
        message: `¡Gracias por su solicitud! Nos comunicaremos con usted en un plazo de ${claims.quoteTurnaround} con una cotización personalizada.`,
        urgent: 'Para consultas urgentes, llámenos al',
        phone: company.phones.direct,
      },
    },
    'es',
  );

  return { quoteMessages, quoteForm };
});
