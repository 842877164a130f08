import { describe, expect, test } from 'vitest'
import { sayRefusal } from './refusal-words.server'

describe('the booking refusals in Spanish', () => {
  test('English stays as written', () => {
    expect(sayRefusal('This nurse works shifts of 8 to 12 hours', 'en')).toBe('This nurse works shifts of 8 to 12 hours')
  })

  test('a whole sentence comes from the messages catalogue', () => {
    expect(sayRefusal('Your card was declined.', 'es')).toBe('Tu tarjeta fue rechazada.')
    expect(sayRefusal('A valid phone number is required', 'es')).toBe('Escribe un número de teléfono válido')
  })

  test('a sentence naming nights keeps the nights and translates its words', () => {
    expect(sayRefusal('These nights are no longer available: sáb, 28 nov 2026; dom, 29 nov 2026', 'es')).toBe(
      'Estas noches ya no están disponibles: sáb, 28 nov 2026; dom, 29 nov 2026',
    )
    expect(sayRefusal('These nights are reserved for a family expecting a baby: lun, 7 dic 2026', 'es')).toBe(
      'Estas noches están reservadas para una familia que espera un bebé: lun, 7 dic 2026',
    )
  })

  test('hours, notice and the weekly limit', () => {
    expect(sayRefusal('This nurse works shifts of 8 to 12 hours', 'es')).toBe('Esta enfermera trabaja turnos de 8 a 12 horas')
    expect(sayRefusal("This nurse needs 24 hours' notice: sáb, 28 nov 2026 starts too soon.", 'es')).toBe(
      'Esta enfermera necesita 24 horas de anticipación: sáb, 28 nov 2026 empieza demasiado pronto.',
    )
    expect(sayRefusal('This nurse takes at most 3 nights a week: the week of lun, 30 nov 2026 would have more.', 'es')).toBe(
      'Esta enfermera acepta como máximo 3 noches por semana: la semana del lun, 30 nov 2026 tendría más.',
    )
  })

  test('too many babies, with her name', () => {
    expect(sayRefusal('Sarah Lee takes twins, not triplets.', 'es')).toBe('Sarah Lee cuida gemelos, pero no trillizos.')
    expect(sayRefusal('Sarah Lee takes single babies only.', 'es')).toBe('Sarah Lee cuida a un solo bebé a la vez.')
  })

  test('a sentence it does not know stays as written', () => {
    expect(sayRefusal('Something new: happened', 'es')).toBe('Something new: happened')
  })
})
