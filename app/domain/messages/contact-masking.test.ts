// Masking that holds (issues 33.2–3 and 38.4, docs/decisions/0044): the disguises people use to pass
// a number, an address or a link before a booking, in linear time, across a sender's last messages.
import { describe, expect, test } from 'vitest'
import { hasContactDetails, MASK, maskContactDetails, maskMessagesOfOneSender } from './message-rules'

/** What must not be readable once masked: the digits and names of the detail. */
function expectHidden(text: string, secrets: string[]) {
  const masked = maskContactDetails(text)
  expect(masked, text).toContain(MASK)
  const rest = masked.split(MASK).join(' ').toLowerCase()
  for (const secret of secrets) expect(rest, `${text} → ${masked}`).not.toContain(secret)
}

describe('disguised phone numbers are hidden', () => {
  test.each([
    ['full-width digits', 'call ５１２５５５０１９９', ['0199']],
    ['Arabic-Indic digits', 'رقمي ٥١٢٥٥٥٠١٩٩ thanks', ['٠١٩٩', '0199']],
    ['Devanagari digits', 'call ५१२ ५५५ ०१९९', ['०१९९']],
    ['zero-width spaces between digits', 'call 5\u200b1\u200b2\u200b5\u200b5\u200b5\u200b0\u200b1\u200b9\u200b9', ['9']],
    ['soft hyphens and joiners', 'call 512\u00ad555\u2060\u200d0199', ['0199']],
    ['commas between the groups', 'my number: 555, 123, 4567', ['4567', '123']],
    ['the letter O for zero', 'call 512-555-O199', ['o199', '0199']],
    ['I and l for one', 'text 5I2 555 0I99 or 5l2.555.0l99', ['0i99', '0l99']],
    ['Cyrillic o for zero', 'call 512-555-\u041e199', ['199']],
    ['English words, hyphenated', 'five-one-two, five-five-five, oh-one-nine-nine', ['nine']],
    ['English words, spaced', 'call five one two five five five zero one nine nine', ['nine']],
    ['Spanish words', 'llámame al cinco uno dos cinco cinco cinco cero uno nueve nueve', ['nueve']],
    ['words mixed with digits', '512 five five five 0199', ['0199']],
    ['en dashes and dots', '512–555·0199', ['0199']],
    ['a country code', 'whatsapp +1 (512) 555-0199', ['0199', '512']],
  ])('%s', (_name, text, secrets) => expectHidden(text, secrets))
})

describe('disguised e-mail addresses are hidden whole', () => {
  test.each([
    ['spelled dot and at', 'jordan dot smith at gmail dot com', ['jordan', 'smith', 'gmail']],
    ['at a well-known provider without its ending', 'write eve.attacker at gmail', ['attacker', 'gmail']],
    ['spaces around @ and .', 'jordan @ gmail . com', ['jordan', 'gmail']],
    ['full-width ＠ and ．', 'eve＠gmail．com', ['eve', 'gmail']],
    ['(at) and [dot]', 'nora(at)gmail[dot]com', ['nora', 'gmail']],
    ['{at} with spaces', 'nora { at } proton { dot } me', ['nora', 'proton']],
    ['Spanish arroba and punto', 'escríbeme a nora arroba gmail punto com', ['nora', 'gmail']],
    ['zero-width space inside', 'jor\u200bdan@gm\u200bail.com', ['dan', 'gm']],
    ['Cyrillic a in the domain', 'jordan@gm\u0430il.com', ['jordan', 'il.com']],
  ])('%s', (_name, text, secrets) => expectHidden(text, secrets))

  test('the whole address becomes one mask, not a half of it', () => {
    expect(maskContactDetails('mail me: jordan dot smith at gmail dot com')).toBe(`mail me: ${MASK}`)
    expect(maskContactDetails('jordan @ gmail . com please')).toBe(`${MASK} please`)
  })
})

describe('links and social handles are hidden', () => {
  test.each([
    ['a link with spaces', 'see bit . ly / evexyz', ['bit', 'evexyz']],
    ['a link with spelled dot', 'go to evexyz dot com slash me', ['evexyz']],
    ['a handle after its network', 'instagram: @jordan.smith.atx', ['jordan', 'atx']],
    ['a bare @handle', 'find me @jordan_smith_atx', ['jordan']],
    ['a network and a handle without @', 'my insta is jordan.smith.atx', ['jordan', 'atx']],
    ['a network, a colon and a name', 'snapchat: jordansmith', ['jordansmith']],
    ['a link with its scheme', 'read https://evil.example/a?b=c', ['evil', 'b=c']],
  ])('%s', (_name, text, secrets) => expectHidden(text, secrets))
})

describe('ordinary messages are shown as written', () => {
  test.each([
    'Could you do 8 PM to 6 AM?',
    'Our twins were born 3/14, at 35 weeks.',
    'Is $300 a night your rate? We could do $1,200 a week.',
    "I'm at home all week.",
    'See you at 10, then at 10:30 for the feed.',
    'We live at 12 Beacon Street, apartment 4.',
    'She eats 3 oz every 3 hours, 8 times a day.',
    'The nights of Dec 12, 13, 14, 15 and 16, please.',
    'Oh, one more thing: she was born on 11/02/2025.',
    'We are at the hospital. Com back later?',
    'I saw your profile on Instagram and loved it.',
    'Meet at the park at 5pm. It is near us.',
    'Our ZIP is 02116 and we have 2 cats.',
    'No one else will be home, two dogs though.',
    'We wake at 6 a.m. and she naps at 1 p.m. (e.g. after lunch).',
    'One, two, three nights a week: which is best?',
    'Booked 5 nights; first one on the 4th. Thanks!',
  ])('%s', (text) => {
    expect(maskContactDetails(text)).toBe(text)
    expect(hasContactDetails(text)).toBe(false)
  })
})

describe('across messages', () => {
  test('a number split over three messages of the same sender is hidden in each', () => {
    const masked = maskMessagesOfOneSender(['my number is 512', '555', '0199 call me'])
    expect(masked[0]).toBe(`my number is ${MASK}`)
    expect(masked[1]).toBe(MASK)
    expect(masked[2]).toBe(`${MASK} call me`)
  })

  test('an address split over messages is hidden in each', () => {
    const masked = maskMessagesOfOneSender(['write to jordan.smith', '@', 'gmail.com'])
    expect(masked.join(' ')).not.toMatch(/jordan|gmail/)
  })

  test('ordinary messages next to each other stay as written', () => {
    const messages = ['We need 3', '4 nights a week', 'from the 12th', 'at 9 PM']
    expect(maskMessagesOfOneSender(messages)).toEqual(messages)
  })
})

describe('masking takes time in proportion to the length of a message', () => {
  // The old patterns took time in the square of the length (31 ms for 2,000 characters of 'a-a.').
  // Masking one text eight times as long costs about what masking the short one eight times costs
  // (the square would cost eight times that). Measured in this process's CPU time, so a machine
  // busy with other work does not change the answer; the best of several rounds.
  const hostile = ['a-a.', 'a.', '1 ', '1-a ', 'a at ', '@a.', 'a dot ', 'a.com/', 'five ', '1,1 ', 'x@', '(at)', '5\u200b', 'o1 ', 'jordan dot smith at ']

  function cpuMs(work: () => void): number {
    const start = process.cpuUsage()
    work()
    const used = process.cpuUsage(start)
    return (used.user + used.system) / 1000
  }

  test.each(hostile)('repeated %j', (unit) => {
    const short = unit.repeat(Math.ceil(1_000 / unit.length))
    const long = unit.repeat(Math.ceil(8_000 / unit.length))
    let shortMs = Number.POSITIVE_INFINITY
    let longMs = Number.POSITIVE_INFINITY
    for (let round = 0; round < 4; round++) {
      shortMs = Math.min(
        shortMs,
        cpuMs(() => {
          for (let i = 0; i < 32; i++) maskContactDetails(short)
        })
      )
      longMs = Math.min(
        longMs,
        cpuMs(() => {
          for (let i = 0; i < 4; i++) maskContactDetails(long)
        })
      )
    }
    expect(longMs / shortMs).toBeLessThan(3)
  })
})
