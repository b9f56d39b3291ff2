import { contentOf } from '../published.ts';
import type * as en from '../privacy.ts';
import type { Translation } from '../types.ts';
import { companyContent } from './company.ts';

/**
 * The privacy note (/privacy): what the forms keep and what the site counts of a visit, in plain
 * words (docs/visits.md, "The privacy note"). Not the owner's to edit: it says what the software
 * does. Its contact line is the Business facts' e-mail and office phone, which the owner edits.
 */

export const privacyContent = contentOf((_editable, published) => {
  const { company } = companyContent(published);

  /** How long the daily counts are kept: VISIT_RETENTION_DAYS's default (730 days). */
  const countsKept = 'dos años';

  const sections: en.PrivacySection[] = [
    {
      id: 'privacy-forms',
      title: 'Lo que guardan nuestros formularios, y para qué',
      paragraphs: [
        'Cuando nos pide una cotización, guardamos lo que escribe en el formulario: su nombre, teléfono y correo electrónico, la fecha, la dirección y el tamaño de su evento, el personal que necesita y su mensaje.',
        'Cuando presenta su solicitud para unirse a nuestro equipo, la guardamos: su nombre, teléfono, correo electrónico y dirección, su fecha de nacimiento, lo que nos cuenta de su experiencia, disponibilidad, certificaciones y referencias, y su currículum si lo adjunta.',
        'Los guardamos para responderle: para preparar su cotización o para considerar su solicitud. Guardamos cada uno hasta haberlo atendido, y después el tiempo que pidan la ley y nuestros registros.',
        'Enviamos un correo electrónico a la dirección que nos da para avisarle que su mensaje llegó. Después le escribimos solo sobre lo que nos pidió.',
      ],
    },
    {
      id: 'privacy-visits',
      title: 'Lo que contamos cuando nos visita',
      paragraphs: [
        'Para saber si este sitio ayuda a que nos encuentren, el sitio cuenta sus propias visitas. Por cada página que abre, cuenta:',
        'Eso es todo. El sitio no usa cookies ni guarda nada en su dispositivo para contarlo. Cómo empezó su visita queda solo en esta pestaña del navegador, para enviarlo con un formulario, y se borra al cerrar la pestaña.',
        'No guardamos su dirección IP. Para contar a cada visitante una vez al día, el sitio combina la dirección de su red y su navegador con un secreto que cambia cada día. El secreto se borra cuando termina el día, así que nadie, ni siquiera nosotros, puede seguir a un visitante de un día a otro.',
        'Nadie más cuenta por nosotros: ni servicios de análisis externos ni redes de publicidad.',
        `Guardamos los conteos diarios durante ${countsKept} y después los borramos.`,
      ],
      points: [
        'la página (por ejemplo, la de nuestro equipo);',
        'el idioma en que la lee;',
        'el día;',
        'si abrió uno de nuestros formularios y empezó a llenarlo (no lo que escribió);',
        'de dónde vino su visita: un buscador, una red social, otro sitio web o una etiqueta de campaña, como el código de uno de nuestros volantes.',
      ],
    },
    {
      id: 'privacy-gpc',
      title: 'Global Privacy Control',
      paragraphs: [
        'Si su navegador transmite la señal Global Privacy Control, el sitio no cuenta su visita en absoluto, y un formulario que envíe no guarda nada de cómo nos encontró.',
      ],
    },
    {
      id: 'privacy-source',
      title: 'Cómo nos encontró, junto con su mensaje',
      paragraphs: [
        'Al enviar usted un formulario, guardamos con él cómo encontró nuestro sitio (por ejemplo, “Google” o “volante”) y la primera página que vio, para saber qué trae a las personas hasta nosotros.',
      ],
    },
  ];

  const privacy = {
    countsKept,
    sections,
    contact: {
      id: 'privacy-contact',
      title: 'Preguntas',
      lead: 'Para preguntar qué guardamos sobre usted, o para corregirlo o borrarlo, escriba a',
      or: 'o llame al',
      end: '.',
      email: company.email,
      phone: company.phones.office,
    },
  } satisfies Translation<en.PrivacyContent['privacy']>;

  return { privacy };
});
