/**
 * The terms the Spanish site uses, one for each English one, so that a page never calls the same
 * thing by two names (glossary.test.ts checks every Spanish string against it). Visitors are
 * addressed as usted: `informal` lists the tú forms that must not appear.
 */

export interface GlossaryEntry {
  en: string;
  es: string;
  /** Words that mean the same but are not ours: regional, Peninsular or anglicisms. */
  avoid?: string[];
}

export const glossary: GlossaryEntry[] = [
  { en: 'quote', es: 'cotización', avoid: ['presupuesto'] },
  { en: 'staff', es: 'personal', avoid: ['staff', 'plantilla'] },
  { en: 'server', es: 'mesero', avoid: ['camarero', 'mozo', 'mesonero'] },
  { en: 'bartender', es: 'bartender', avoid: ['cantinero', 'barman'] },
  { en: 'captain', es: 'capitán' },
  { en: 'kitchen staff', es: 'personal de cocina' },
  { en: 'support staff', es: 'personal de apoyo' },
  { en: 'event', es: 'evento' },
  { en: 'guest', es: 'invitado', avoid: ['huésped'] },
  { en: 'venue', es: 'recinto', avoid: ['venue', 'locación', 'local'] },
  { en: 'on site', es: 'en el lugar', avoid: ['en sitio', 'in situ'] },
  { en: 'résumé', es: 'currículum', avoid: ['CV', 'currículo', 'hoja de vida'] },
  { en: 'application (job)', es: 'solicitud', avoid: ['aplicación'] },
  { en: 'apply', es: 'postúlese', avoid: ['aplique', 'aplicar'] },
  { en: 'position (job)', es: 'puesto', avoid: ['posición', 'cargo'] },
  { en: 'shift', es: 'turno' },
  { en: 'availability', es: 'disponibilidad' },
  { en: 'skill', es: 'habilidad', avoid: ['destreza'] },
  { en: 'training', es: 'capacitación', avoid: ['entrenamiento'] },
  { en: 'hospitality', es: 'hospitalidad', avoid: ['hostelería'] },
  { en: 'timeline', es: 'cronograma', avoid: ['línea de tiempo'] },
  { en: 'vendor', es: 'proveedor', avoid: ['vendedor'] },
  { en: 'e-mail', es: 'correo electrónico', avoid: ['email', 'e-mail', 'mail'] },
  { en: 'bookings', es: 'reserva', avoid: ['reservación', 'booking'] },
  { en: 'business hours', es: 'horario de atención' },
  { en: 'cake', es: 'pastel', avoid: ['tarta'] },
  { en: 'tray', es: 'bandeja', avoid: ['charola'] },
];

/** Tú forms (and tú imperatives) that the usted voice never uses; each is matched as a word. */
export const informal: string[] = [
  'tú',
  'tu',
  'tus',
  'te',
  'ti',
  'contigo',
  'tuyo',
  'tuya',
  'puedes',
  'quieres',
  'tienes',
  'eres',
  'estás',
  'necesitas',
  'buscas',
  'envía',
  'contáctanos',
  'escríbenos',
  'llámanos',
  'visítanos',
  'cuéntanos',
  'síguenos',
  'únete',
  'postúlate',
  'selecciona',
  'ingresa',
  'inténtalo',
  'vuelve',
];
