import { contentOf } from '../published.ts';
import type * as en from '../forms.ts';
import type { Translation } from '../types.ts';

/** Interface text shared by both forms (the quote request and the job application). */

export const formsContent = contentOf((editable) => {
  const formText: Translation<en.FormsContent['formText']> = editable(
    'forms',
    {
      requiredNote: 'Todos los campos son obligatorios, salvo los marcados como opcionales.',
      optional: '(opcional)',
      errorPrefix: 'Error:',
      errorSummaryTitle: 'Hay un problema',
      errorSummaryIntro: 'Por favor, corrija lo siguiente:',
      submitting: 'Enviando...',
      selectPlaceholder: 'Seleccione una opción',
      honeypotLabel: 'Deje este campo vacío',
      invalidOption: 'Elija una de las opciones de la lista',
      mustBeText: 'Debe ser texto',
      notAnObject: 'Se esperaba un objeto JSON',
      unknownFields: (names) =>
        `${names.length === 1 ? 'Campo desconocido' : 'Campos desconocidos'}: ${names.join(', ')}`,
      tooLong: (max) => `Debe tener ${max.toLocaleString('es-US')} caracteres o menos`,
    },
    'es',
  );

  return { formText };
});
