import { describe, expect, test } from 'vitest'
import { translateMessage } from './i18n.server'

describe('the server’s sentences with changing values, in Spanish', () => {
  test('English stays as written', () => {
    expect(translateMessage('This nurse works shifts of 8 to 12 hours', 'en')).toBe('This nurse works shifts of 8 to 12 hours')
  })

  test('a whole sentence comes from the messages catalogue', () => {
    expect(translateMessage('Your card was declined.', 'es')).toBe('Tu tarjeta fue rechazada.')
    expect(translateMessage('A valid phone number is required', 'es')).toBe('Escribe un número de teléfono válido')
  })

  test('a sentence naming nights keeps the nights and translates its words', () => {
    expect(translateMessage('These nights are no longer available: sáb, 28 nov 2026; dom, 29 nov 2026', 'es')).toBe(
      'Estas noches ya no están disponibles: sáb, 28 nov 2026; dom, 29 nov 2026',
    )
    expect(translateMessage('These nights are reserved for a family expecting a baby: lun, 7 dic 2026', 'es')).toBe(
      'Estas noches están reservadas para una familia que espera un bebé: lun, 7 dic 2026',
    )
  })

  test('hours, notice and the weekly limit', () => {
    expect(translateMessage('This nurse works shifts of 8 to 12 hours', 'es')).toBe('Esta enfermera trabaja turnos de 8 a 12 horas')
    expect(translateMessage("This nurse needs 24 hours' notice: sáb, 28 nov 2026 starts too soon.", 'es')).toBe(
      'Esta enfermera necesita 24 horas de anticipación: sáb, 28 nov 2026 empieza demasiado pronto.',
    )
    expect(translateMessage('This nurse takes at most 3 nights a week: the week of lun, 30 nov 2026 would have more.', 'es')).toBe(
      'Esta enfermera acepta como máximo 3 noches por semana: la semana del lun, 30 nov 2026 tendría más.',
    )
  })

  test('too many babies, with her name', () => {
    expect(translateMessage('Sarah Lee takes twins, not triplets.', 'es')).toBe('Sarah Lee cuida gemelos, pero no trillizos.')
    expect(translateMessage('Sarah Lee takes single babies only.', 'es')).toBe('Sarah Lee cuida a un solo bebé a la vez.')
  })

  test('a nurse’s night outside her hours, with her own hours', () => {
    expect(translateMessage('A night must last 6 to 10 hours (the minimum and maximum hours on your profile)', 'es')).toBe(
      'Una noche debe durar de 6 a 10 horas (las horas mínimas y máximas de tu perfil)',
    )
  })

  test('a sentence it does not know stays as written', () => {
    expect(translateMessage('Something new: happened', 'es')).toBe('Something new: happened')
  })
})
