// No regular expression of the app takes time growing faster than its input (issue 33,
// docs/decisions/0043): eslint-plugin-regexp refuses new ones; these are the ones it found, each
// fed a long run of the characters its quantifier repeated, followed by one that refuses the match.
import { describe, expect, test } from 'vitest'
import { slugify } from '../../app/domain/nurses/slugs'
import { citySlugFor } from '../../app/domain/places/cities'
import { parseBaseLocation, parseSearchLocation } from '../../app/domain/places/locations'

const RUN = 100_000

function millisecondsOf(run: () => unknown) {
  const started = performance.now()
  run()
  return performance.now() - started
}

describe('texts a visitor types are read in linear time', () => {
  test.each([
    ['a city search with a long run of spaces', () => citySlugFor(`a${' '.repeat(RUN)}x`)],
    ['a base location with a long run of dashes', () => parseBaseLocation(`a${'-'.repeat(RUN)}x`)],
    ['a searched location with a long run of dashes', () => parseSearchLocation(`a${'-'.repeat(RUN)}x`)],
    ['a searched location with a long run of commas and spaces', () => parseSearchLocation(`a${', '.repeat(RUN / 2)}x`)],
    ['a name with a long run of dashes', () => slugify(`a${'-'.repeat(RUN)}!`)],
  ])('%s', (_, run) => {
    run()
    // Quadratic, each of these took seconds on 100,000 characters; linear, milliseconds.
    expect(millisecondsOf(run)).toBeLessThan(1_000)
  })
})
