import { contentOf } from '../published.ts';
import type * as en from '../application-form.ts';
import {
  availabilityValues,
  experienceValues,
  languageValues,
  optionsWithLabels,
  positionValues,
  shiftValues,
  skillValues,
  yearsExperienceValues,
} from '../options.ts';
import type { Translation } from '../types.ts';
import { companyContent } from './company.ts';

/** The job application form (SPEC sections 3 and 5): every label, option and message it shows. */

export const positionOptions: Translation<typeof en.positionOptions> = optionsWithLabels(
  positionValues,
  {
    'Professional Server': 'Mesero profesional',
    Bartender: 'Bartender',
    'Event Coordinator': 'Coordinador de eventos',
    'Security Staff': 'Personal de seguridad',
    'VIP Assistant': 'Asistente VIP',
    'Catering Staff': 'Personal de catering',
    Supervisor: 'Supervisor',
    'Cleaning Staff': 'Personal de limpieza',
    Mixologist: 'Mixólogo',
    'Protocol Assistant': 'Asistente de protocolo',
  },
);

export const experienceOptions: Translation<typeof en.experienceOptions> = optionsWithLabels(
  experienceValues,
  { yes: 'Sí', no: 'No' },
);

export const yearsExperienceOptions: Translation<typeof en.yearsExperienceOptions> =
  optionsWithLabels(yearsExperienceValues, {
    'menos-1': 'Menos de 1 año',
    '1-2': '1-2 años',
    '3-5': '3-5 años',
    '5-10': '5-10 años',
    '10+': 'Más de 10 años',
  });

export const availabilityOptions: Translation<typeof en.availabilityOptions> = optionsWithLabels(
  availabilityValues,
  {
    Monday: 'Lunes',
    Tuesday: 'Martes',
    Wednesday: 'Miércoles',
    Thursday: 'Jueves',
    Friday: 'Viernes',
    Saturday: 'Sábado',
    Sunday: 'Domingo',
  },
);

export const shiftOptions: Translation<typeof en.shiftOptions> = optionsWithLabels(shiftValues, {
  mañana: 'Mañana (6:00 a.m. - 2:00 p.m.)',
  tarde: 'Tarde (2:00 p.m. - 10:00 p.m.)',
  noche: 'Noche (6:00 p.m. - 2:00 a.m.)',
  flexible: 'Flexible (cualquier turno)',
  'fines-semana': 'Solo fines de semana',
});

export const skillOptions: Translation<typeof en.skillOptions> = optionsWithLabels(skillValues, {
  'Customer service': 'Atención al cliente',
  Teamwork: 'Trabajo en equipo',
  'Effective communication': 'Comunicación efectiva',
  'Time management': 'Gestión del tiempo',
  'Problem solving': 'Resolución de problemas',
  'Attention to detail': 'Atención al detalle',
  Flexibility: 'Flexibilidad',
  Leadership: 'Liderazgo',
  'Protocol and etiquette': 'Protocolo y etiqueta',
  'Stress management': 'Manejo del estrés',
});

export const languageOptions: Translation<typeof en.languageOptions> = optionsWithLabels(
  languageValues,
  {
    Spanish: 'Español',
    English: 'Inglés',
    French: 'Francés',
    German: 'Alemán',
    Italian: 'Italiano',
    Portuguese: 'Portugués',
    Other: 'Otro',
  },
);

/**
 * The application form's labels and messages, as `published` has them.
 */
export const applicationFormContent = contentOf((editable, published) => {
  const { claims, company } = companyContent(published);

  const applicationMessages: Translation<en.ApplicationFormContent['applicationMessages']> =
    editable(
      'application.messages',
      {
        fullName: 'El nombre completo debe tener al menos 2 caracteres',
        phone: 'Se requiere un número de teléfono válido',
        email: 'Se requiere un correo electrónico válido',
        address: 'Se requiere la dirección completa',
        dateOfBirth: 'Se requiere la fecha de nacimiento',
        dateOfBirthInvalid: 'Ingrese una fecha de nacimiento válida',
        dateOfBirthFuture: 'La fecha de nacimiento no puede ser futura',
        positionInterest: 'Seleccione al menos un puesto de interés',
        hasExperience: 'Este campo es obligatorio',
        experienceWithoutYes: 'Los detalles de experiencia solo se aceptan si respondió “Sí”',
        availability: 'Seleccione al menos un día de disponibilidad',
        shiftPreference: 'Indique su turno preferido',
        languages: 'Seleccione al menos un idioma',
        resumeType: 'El currículum debe ser un archivo PDF o Word (.pdf, .doc o .docx)',
        resumeTooLarge: 'El currículum debe pesar 5 MB o menos',
        resumeEmpty: 'El archivo elegido está vacío',
        resumeUnreadable: 'No se pudo leer el archivo; vuelva a elegirlo',
      },
      'es',
    );

  const applicationForm: Translation<en.ApplicationFormContent['applicationForm']> = editable(
    'application.form',
    {
      sections: {
        personal: 'Información personal',
        positions: 'Puestos de interés',
        experience: 'Experiencia laboral',
        availability: 'Disponibilidad',
        skills: 'Habilidades e idiomas',
        otherCompanies: 'Otras agencias de personal',
        resume: 'Currículum',
        additional: 'Información adicional',
      },
      fields: {
        fullName: { label: 'Nombre completo' },
        phone: {
          label: 'Número de teléfono',
          hint: 'Incluya el código de área, por ejemplo (202) 555-0100.',
        },
        email: { label: 'Correo electrónico', hint: 'Le responderemos a esta dirección.' },
        address: { label: 'Domicilio', hint: 'Calle, ciudad, estado y código postal.' },
        dateOfBirth: { label: 'Fecha de nacimiento' },
        positionInterest: {
          legend: '¿Qué puestos le interesan?',
          hint: 'Seleccione todas las opciones que correspondan.',
        },
        hasExperience: { legend: '¿Ha trabajado antes en eventos, catering u hospitalidad?' },
        yearsExperience: { label: 'Años de experiencia' },
        previousExperience: {
          label: 'Experiencia previa',
          hint: 'Dónde trabajó, su puesto y los tipos de eventos.',
        },
        availability: {
          legend: '¿Qué días está disponible?',
          hint: 'Seleccione todas las opciones que correspondan.',
        },
        shiftPreference: { legend: 'Turno preferido' },
        skills: { legend: 'Habilidades', hint: 'Seleccione todas las opciones que correspondan.' },
        certifications: {
          label: 'Certificaciones',
          hint: 'Por ejemplo, TIPS, ServSafe o una tarjeta de manipulador de alimentos.',
        },
        languages: {
          legend: 'Idiomas que habla',
          hint: 'Seleccione todas las opciones que correspondan.',
        },
        otherCompanies: {
          label: 'Otras agencias de personal con las que trabaja',
          hint: 'Así podremos organizarnos según su horario.',
        },
        references: {
          label: 'Referencias',
          hint: 'Nombre, relación y teléfono de hasta tres referencias.',
        },
        additionalInfo: { label: '¿Hay algo más que debamos saber?' },
        resume: {
          label: 'Currículum (PDF o Word, hasta 5 MB)',
          hint: 'Un archivo PDF, DOC o DOCX. También puede postularse sin él.',
        },
      },
      resume: {
        remove: 'Quitar',
        removeLabel: (fileName) => `Quitar ${fileName}`,
        chosen: (fileName, size) => `${fileName}, ${size}`,
        lostOnReload: (fileName) =>
          `Su currículum (${fileName}) no se conservó al recargar la página. Vuelva a elegirlo.`,
        notResent: (fileName) =>
          `Su currículum (${fileName}) no se pudo conservar en esta página. Vuelva a elegirlo.`,
        size: {
          bytes: (count) => `${count} ${count === 1 ? 'byte' : 'bytes'}`,
          kilobytes: (count) => `${count} KB`,
          megabytes: (count) => `${count.toLocaleString('es-US')} MB`,
        },
      },
      submit: 'Enviar solicitud',
      sendError: {
        title: 'Su solicitud no se envió.',
        message:
          'Inténtelo de nuevo en un momento: todo lo que ingresó sigue aquí. Si el problema continúa, llámenos al',
        phone: company.phones.office,
      },
      confirmation: {
        heading: '¡Solicitud enviada con éxito!',
        message: `Gracias por su interés en unirse a nuestro equipo. Revisaremos su solicitud y nos comunicaremos con usted en un plazo de ${claims.applicationReview}.`,
        nextStepsTitle: 'Próximos pasos',
        nextSteps: [
          {
            title: 'Revisión de la solicitud (3 a 5 días)',
            text: 'Revisamos su experiencia, disponibilidad y habilidades.',
          },
          {
            title: 'Entrevista inicial (si califica)',
            text: 'Nos comunicamos con usted para programar una breve entrevista.',
          },
          {
            title: 'Verificación de referencias',
            text: 'Contactamos a las referencias que nos indicó.',
          },
          {
            title: 'Orientación y capacitación',
            text: 'Conocerá nuestros estándares de servicio antes de su primer evento.',
          },
        ],
      },
    },
    'es',
  );

  return { applicationMessages, applicationForm };
});
