import { contentOf } from '../published.ts';
import type * as en from '../acknowledgement.ts';
import type { Translation } from '../types.ts';
import { applicationFormContent } from './application-form.ts';
import { companyContent } from './company.ts';

/** El correo que confirma al visitante que su solicitud llegó (ver ../acknowledgement.ts). */
export const acknowledgementContent = contentOf((_editable, published) => {
  const { claims, company } = companyContent(published);
  const { applicationForm } = applicationFormContent(published);

  const acknowledgement: Translation<en.AcknowledgementContent['acknowledgement']> = {
    locale: 'es-US',
    quote: {
      subject: `Recibimos su solicitud de cotización – ${company.name}`,
      thanks: 'Gracias por su solicitud de cotización. Ya llegó a nuestro equipo.',
      promise: (day: string, time: string) =>
        `Le responderemos antes del ${day}, a las ${time} (hora del Este), en un plazo de ${claims.responseTime}, y le enviaremos su cotización personalizada en un plazo de ${claims.quoteTurnaround}.`,
      urgent: 'Para algo urgente, llámenos o escríbanos por WhatsApp:',
    },
    application: {
      subject: `Recibimos su solicitud de empleo – ${company.name}`,
      thanks: applicationForm.confirmation.message,
      nextStepsTitle: `${applicationForm.confirmation.nextStepsTitle}:`,
      nextSteps: applicationForm.confirmation.nextSteps,
      questions: '¿Preguntas? Llámenos:',
    },
    whatsApp: 'WhatsApp',
    signOff: company.name,
    why: 'Recibe este correo porque esta dirección se escribió en un formulario de nuestro sitio web. Si no fue usted, no tiene que hacer nada: no volverá a saber de nosotros a menos que nos escriba.',
  };

  return { acknowledgement };
});
