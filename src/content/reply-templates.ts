/**
 * The reply templates a new database starts with (server/replies/templates.ts seeds them once;
 * from then on they are the owner's, edited and deleted in the inbox). English and Spanish side by
 * side, the Spanish in the forms' usted. A body names what it needs in braces, from
 * REPLY_PLACEHOLDERS (src/admin/contract.ts): {name}, {eventDate}, {guests}, {position}, {phone},
 * {owner}, {business}. No business fact is written here: each comes from the live version when a
 * reply is written (docs/replies.md).
 */

export interface DefaultReplyTemplate {
  /** Stable: names the default in the database (reply_templates.key), so it is seeded once. */
  key: string;
  form: 'quote' | 'application';
  /** The owner's name for it (English: the inbox's language). */
  name: string;
  bodyEn: string;
  bodyEs: string;
}

const lines = (...text: string[]) => text.join('\n');

export const defaultReplyTemplates: readonly DefaultReplyTemplate[] = [
  {
    key: 'quote-on-its-way',
    form: 'quote',
    name: 'Quote on its way',
    bodyEn: lines(
      'Hello {name},',
      '',
      'Thank you for thinking of {business} for your event on {eventDate}. We have everything we need to prepare your quote for {guests} guests, and it will be in your inbox shortly.',
      '',
      'If anything about the event changes in the meantime, just reply to this e-mail or call us at {phone}.',
      '',
      'Best regards,',
      '{owner}',
    ),
    bodyEs: lines(
      'Hola, {name}:',
      '',
      'Gracias por pensar en {business} para su evento del {eventDate}. Ya tenemos todo lo necesario para preparar su cotización para {guests} invitados, y la recibirá en su correo muy pronto.',
      '',
      'Si algo del evento cambia mientras tanto, responda a este correo o llámenos al {phone}.',
      '',
      'Saludos cordiales,',
      '{owner}',
    ),
  },
  {
    key: 'quote-questions',
    form: 'quote',
    name: 'A few questions about your event',
    bodyEn: lines(
      'Hello {name},',
      '',
      'Thank you for your quote request for {eventDate}. Before we send your quote, we would like to confirm a few details so that it fits your event exactly:',
      '',
      '- What time does the event start, and for how many hours will you need our staff?',
      '- Is the guest count of {guests} final, or could it change?',
      '- Is there a dress code or a theme we should know about?',
      '',
      'You can reply to this e-mail, or call us at {phone} if that is easier.',
      '',
      'Best regards,',
      '{owner}',
    ),
    bodyEs: lines(
      'Hola, {name}:',
      '',
      'Gracias por su solicitud de cotización para el {eventDate}. Antes de enviarle la cotización, quisiéramos confirmar algunos detalles para que se ajuste exactamente a su evento:',
      '',
      '- ¿A qué hora comienza el evento y por cuántas horas necesitará a nuestro personal?',
      '- ¿La cifra de {guests} invitados es definitiva o podría cambiar?',
      '- ¿Hay algún código de vestimenta o tema que debamos tener en cuenta?',
      '',
      'Puede responder a este correo o, si le resulta más cómodo, llamarnos al {phone}.',
      '',
      'Saludos cordiales,',
      '{owner}',
    ),
  },
  {
    key: 'quote-not-now',
    form: 'quote',
    name: 'Thank you, not now',
    bodyEn: lines(
      'Hello {name},',
      '',
      'Thank you for considering {business} for your event on {eventDate}. Unfortunately, we are not able to staff it: our team is already fully booked for that date.',
      '',
      'We would be glad to help with a future event. Please keep us in mind, and call us at {phone} whenever you are planning the next one.',
      '',
      'Best regards,',
      '{owner}',
    ),
    bodyEs: lines(
      'Hola, {name}:',
      '',
      'Gracias por considerar a {business} para su evento del {eventDate}. Lamentablemente, no podremos atenderlo: nuestro equipo ya tiene esa fecha completamente reservada.',
      '',
      'Con gusto le ayudaremos en un próximo evento. Ténganos en cuenta y llámenos al {phone} cuando esté planeando el siguiente.',
      '',
      'Saludos cordiales,',
      '{owner}',
    ),
  },
  {
    key: 'application-interview',
    form: 'application',
    name: 'Interview invitation',
    bodyEn: lines(
      'Hello {name},',
      '',
      'Thank you for applying to work with {business} as {position}. We liked what we read, and we would like to meet you for a short interview.',
      '',
      'Please reply to this e-mail with two or three days and times that suit you this week or next, or call us at {phone} to set it up.',
      '',
      'Best regards,',
      '{owner}',
    ),
    bodyEs: lines(
      'Hola, {name}:',
      '',
      'Gracias por su solicitud para trabajar con {business} como {position}. Nos gustó lo que leímos y quisiéramos conocerle en una breve entrevista.',
      '',
      'Por favor, responda a este correo con dos o tres días y horarios que le convengan esta semana o la próxima, o llámenos al {phone} para coordinarla.',
      '',
      'Saludos cordiales,',
      '{owner}',
    ),
  },
  {
    key: 'application-not-now',
    form: 'application',
    name: 'Thank you, not now',
    bodyEn: lines(
      'Hello {name},',
      '',
      'Thank you for your interest in working with {business} as {position}, and for the time you took to apply.',
      '',
      'We do not have an opening that fits your application right now. You are welcome to apply again in the future, and to call us at {phone} with any question.',
      '',
      'We wish you all the best,',
      '{owner}',
    ),
    bodyEs: lines(
      'Hola, {name}:',
      '',
      'Gracias por su interés en trabajar con {business} como {position} y por el tiempo que dedicó a su solicitud.',
      '',
      'En este momento no tenemos una vacante que se ajuste a su perfil. Le invitamos a postularse de nuevo más adelante y a llamarnos al {phone} si tiene cualquier pregunta.',
      '',
      'Le deseamos mucho éxito,',
      '{owner}',
    ),
  },
];
