// Finding contact details in messages and reviews (issues 33.2–3 and 38.4, docs/decisions/0044).
// Pure, and linear in the length of the text: one pass makes a normalised copy (each of its
// characters remembers where it came from in the text as written), one pass cuts the copy into
// tokens, and two passes over the tokens find numbers and addresses; every loop moves forward and
// looks ahead a bounded number of tokens. No regular expression here is applied to more than one
// character, so none can backtrack (the old patterns took time in the square of the length).
//
// The copy: Unicode compatibility forms (NFKD, so full-width '５＠．' become '5@.'), accents and
// other combining marks dropped, letters lowercased, a digit of any script (\p{Nd}: Arabic-Indic,
// Devanagari, …) as its ASCII digit, invisible characters (zero-width spaces and joiners, soft
// hyphens, bidi controls, fillers) removed, every space a space, every dash '-', dot-like
// characters '.', and Cyrillic and Greek letters that look like Latin ones as those letters.

export interface Span {
  /** Offsets in the text as written, end excluded. */
  start: number
  end: number
}

interface Normalised {
  text: string
  /** For each character of `text`: the offset in the original of the character it came from. */
  from: number[]
  /** …and the end of that original character (a surrogate pair is two code units). */
  to: number[]
  /** For each character of `text`: whether the original character was an uppercase letter. */
  upper: boolean[]
}

const INVISIBLE = new Set(['\u115f', '\u1160', '\u3164', '\uffa0', '\u2800', '\u180e'])
const DOT_LIKE = new Set(['·', '•', '∙', '⋅', '。', '｡', '･', '◦'])
const HOMOGLYPHS: Record<string, string> = {
  // Cyrillic
  а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', і: 'i', ј: 'j', ѕ: 's', ԁ: 'd', ӏ: 'l', һ: 'h', ԛ: 'q', ԝ: 'w', к: 'k', м: 'm', т: 't', в: 'b', н: 'h',
  // Greek
  ο: 'o', α: 'a', ι: 'i', ν: 'v', ρ: 'p', κ: 'k', υ: 'u', χ: 'x', ε: 'e', τ: 't', μ: 'u',
}

const isDecimalDigit = (char: string) => /^\p{Nd}$/u.test(char)
const isMark = (char: string) => /^\p{M}$/u.test(char)
const isFormatOrControl = (char: string) => /^[\p{Cf}\p{Cc}]$/u.test(char)
const isSpace = (char: string) => /^[\s\p{Z}]$/u.test(char)
const isDash = (char: string) => /^\p{Pd}$/u.test(char)
const isWordChar = (char: string) =>
  (char >= 'a' && char <= 'z') || (char >= '0' && char <= '9') || (char.charCodeAt(0) >= 0x80 && /^[\p{L}\p{N}]$/u.test(char))
const isUpper = (char: string) => /^\p{Lu}$/u.test(char)

/**
 * The value of a decimal digit of any script. Unicode keeps every script's digits 0–9 in one
 * contiguous, ascending run (a stability guarantee), so the value is the distance from the run's
 * start, modulo ten (some runs, like the mathematical digits, hold several sets of ten).
 */
function digitValue(codePoint: number): number {
  let distance = 0
  while (distance < 60 && isDecimalDigit(String.fromCodePoint(codePoint - distance - 1))) distance++
  return distance % 10
}

export function normalise(original: string): Normalised {
  const out: string[] = []
  const from: number[] = []
  const to: number[] = []
  const upper: boolean[] = []
  let index = 0
  for (const char of original) {
    const start = index
    index += char.length
    const push = (value: string, wasUpper: boolean) => {
      out.push(value)
      from.push(start)
      to.push(index)
      upper.push(wasUpper)
    }
    const code = char.charCodeAt(0)
    if (code < 0x80) {
      // ASCII, most of any message: no tables needed.
      if (code >= 0x41 && code <= 0x5a) push(String.fromCharCode(code + 0x20), true)
      else if (code === 0x20 || (code >= 0x09 && code <= 0x0d)) push(' ', false)
      else if (code >= 0x20 && code !== 0x7f) push(char, false)
      continue
    }
    if (isSpace(char)) {
      push(' ', false)
      continue
    }
    if (INVISIBLE.has(char) || isFormatOrControl(char)) continue
    if (isDecimalDigit(char)) {
      push(String(digitValue(char.codePointAt(0)!)), false)
      continue
    }
    const wasUpper = isUpper(char)
    for (const part of char.normalize('NFKD')) {
      if (isMark(part) || INVISIBLE.has(part) || isFormatOrControl(part)) continue
      if (isSpace(part)) {
        push(' ', false)
        continue
      }
      if (isDecimalDigit(part)) {
        push(String(digitValue(part.codePointAt(0)!)), false)
        continue
      }
      if (isDash(part)) {
        push('-', false)
        continue
      }
      if (DOT_LIKE.has(part)) {
        push('.', false)
        continue
      }
      for (const lower of part.toLowerCase()) push(HOMOGLYPHS[lower] ?? lower, wasUpper)
    }
  }
  return { text: out.join(''), from, to, upper }
}

// ---------------------------------------------------------------------------------------------
// Tokens of the normalised copy

type TokenKind = 'word' | 'space' | 'punct'
interface Token {
  kind: TokenKind
  value: string
  /** Offsets in the normalised copy, end excluded. */
  start: number
  end: number
}

function tokenise(text: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < text.length) {
    const char = text[i]
    const start = i
    if (isWordChar(char)) {
      while (i < text.length && isWordChar(text[i])) i++
      tokens.push({ kind: 'word', value: text.slice(start, i), start, end: i })
    } else if (char === ' ') {
      while (i < text.length && text[i] === ' ') i++
      tokens.push({ kind: 'space', value: ' ', start, end: i })
    } else {
      i++
      tokens.push({ kind: 'punct', value: char, start, end: i })
    }
  }
  return tokens
}

// ---------------------------------------------------------------------------------------------
// Phone numbers: runs of at least seven digits, written as digits, confusable letters or words

export const MIN_PHONE_DIGITS = 7

/** Digit words in English and Spanish, and how many digits each stands for. */
const DIGIT_WORDS: Record<string, number> = {
  zero: 1, oh: 1, o: 1, one: 1, two: 1, three: 1, four: 1, five: 1, six: 1, seven: 1, eight: 1, nine: 1,
  ten: 2, eleven: 2, twelve: 2, thirteen: 2, fourteen: 2, fifteen: 2, sixteen: 2, seventeen: 2, eighteen: 2, nineteen: 2,
  twenty: 2, thirty: 2, forty: 2, fifty: 2, sixty: 2, seventy: 2, eighty: 2, ninety: 2,
  cero: 1, uno: 1, una: 1, dos: 1, tres: 1, cuatro: 1, cinco: 1, seis: 1, siete: 1, ocho: 1, nueve: 1,
  diez: 2, once: 2, doce: 2, trece: 2, catorce: 2, quince: 2, dieciseis: 2, diecisiete: 2, dieciocho: 2, diecinueve: 2,
  veinte: 2, treinta: 2, cuarenta: 2, cincuenta: 2, sesenta: 2, setenta: 2, ochenta: 2, noventa: 2,
}
/** Letters that stand for digits inside a group of digits ('512-555-O199', '5I2'). */
const CONFUSABLE_DIGITS = new Set(['o', 'i', 'l'])
/** What may stand between the groups of one number, at most MAX_GAP of them (a run of spaces is one). */
const PHONE_SEPARATORS = new Set(['-', '.', '(', ')', '+', '_', '\\', '*', '~', '|', ',', '[', ']'])
const SEPARATOR_WORDS = new Set(['dash', 'dot', 'guion', 'punto'])
const MAX_GAP = 4

interface Digits {
  count: number
  /** Written with digits (not words), and how many. */
  literal: boolean
}

function digitsOf(word: string): Digits | null {
  const spelled = DIGIT_WORDS[word]
  if (spelled !== undefined) return { count: spelled, literal: false }
  let digits = 0
  for (const char of word) {
    if (char >= '0' && char <= '9') digits++
    else if (!CONFUSABLE_DIGITS.has(char)) return null
  }
  return digits > 0 ? { count: word.length, literal: true } : null
}

function findPhoneNumbers(tokens: Token[], spans: Array<[number, number]>) {
  let runStart = -1
  let runEnd = -1
  let runDigits = 0
  let lastDigits: Digits | null = null
  let gap = 0
  let gapHasComma = false
  const close = () => {
    if (runStart >= 0 && runDigits >= MIN_PHONE_DIGITS) spans.push([runStart, runEnd])
    runStart = -1
    runDigits = 0
    lastDigits = null
  }
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k]
    const digits = token.kind === 'word' ? digitsOf(token.value) : null
    if (digits) {
      // Dates listed with commas ('Dec 12, 13, 14') are not one number: a comma joins groups
      // only when neither side is a two-digit number.
      const twoDigitNeighbour = (lastDigits?.literal && lastDigits.count === 2) || (digits.literal && digits.count === 2)
      const joins = runStart >= 0 && gap <= MAX_GAP && !(gapHasComma && twoDigitNeighbour)
      if (!joins) {
        close()
        runStart = token.start
      }
      runDigits += digits.count
      runEnd = token.end
      lastDigits = digits
      gap = 0
      gapHasComma = false
      continue
    }
    if (runStart < 0) continue
    if (token.kind === 'space' || (token.kind === 'punct' && PHONE_SEPARATORS.has(token.value)) || (token.kind === 'word' && SEPARATOR_WORDS.has(token.value))) {
      gap++
      if (token.value === ',') gapHasComma = true
      if (gap > MAX_GAP) close()
      continue
    }
    close()
  }
  close()
}

// ---------------------------------------------------------------------------------------------
// E-mail addresses, links and social handles, over items: the tokens without their spaces

type ItemKind = 'label' | 'at' | 'dot' | 'join' | 'slash' | 'colon' | 'other'
interface Item {
  kind: ItemKind
  value: string
  start: number
  end: number
  spaceBefore: boolean
  spaceAfter: boolean
  /** 'at': '@' written next to its neighbours (strong), or a spelled or bracketed at (weak unless bracketed). */
  strength?: 'sign' | 'bracket' | 'word'
  /** A label whose first letter was a capital. */
  capital?: boolean
}

const AT_WORDS = new Set(['at', 'arroba'])
const DOT_WORDS = new Set(['dot', 'punto'])
const OPENERS = new Set(['(', '[', '{', '<'])
const CLOSERS = new Set([')', ']', '}', '>'])
const JOINERS = new Set(['-', '_', '+', '%'])

function toItems(tokens: Token[], upper: boolean[]): Item[] {
  const items: Item[] = []
  const next = (k: number) => (tokens[k]?.kind === 'space' ? k + 1 : k)
  let spaceBefore = true
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k]
    if (token.kind === 'space') {
      spaceBefore = true
      if (items.length) items[items.length - 1].spaceAfter = true
      continue
    }
    const item: Item = { kind: 'other', value: token.value, start: token.start, end: token.end, spaceBefore, spaceAfter: false }
    spaceBefore = false
    if (token.kind === 'word') {
      item.kind = AT_WORDS.has(token.value) ? 'at' : DOT_WORDS.has(token.value) ? 'dot' : 'label'
      if (item.kind === 'at') item.strength = token.value === 'arroba' ? 'bracket' : 'word'
      item.capital = upper[token.start]
    } else if (token.value === '@') {
      item.kind = 'at'
      item.strength = 'sign'
    } else if (token.value === '.') item.kind = 'dot'
    else if (token.value === '/') item.kind = 'slash'
    else if (token.value === ':') item.kind = 'colon'
    else if (JOINERS.has(token.value)) item.kind = 'join'
    else if (OPENERS.has(token.value)) {
      // '(at)', '[ dot ]', '{at}', '<at>': one item.
      const word = next(k + 1)
      const closer = next(word + 1)
      const inner = tokens[word]
      if (inner?.kind === 'word' && (AT_WORDS.has(inner.value) || DOT_WORDS.has(inner.value)) && tokens[closer]?.kind === 'punct' && CLOSERS.has(tokens[closer].value)) {
        item.kind = AT_WORDS.has(inner.value) ? 'at' : 'dot'
        if (item.kind === 'at') item.strength = 'bracket'
        item.value = inner.value
        item.end = tokens[closer].end
        k = closer
      }
    }
    items.push(item)
  }
  return items
}

/** Common endings of addresses; words like 'in', 'is', 'it', 'to' and 'at' are left out on purpose. */
const TLDS = new Set([
  'com', 'net', 'org', 'edu', 'gov', 'mil', 'int', 'io', 'co', 'us', 'me', 'info', 'biz', 'app', 'ly', 'gg', 'tv', 'page', 'site', 'online',
  'link', 'xyz', 'dev', 'ai', 'uk', 'ca', 'de', 'fr', 'es', 'mx', 'ru', 'cn', 'au', 'nz', 'ie', 'eu', 'br', 'jp', 'club', 'shop', 'store',
  'live', 'email', 'social', 'example', 'bio', 'lnk', 'ws', 'cc', 'pro', 'top', 'fm', 'im',
])
/** Endings that still count after a sentence's full stop and a space ('gmail. com'). */
const STRONG_TLDS = new Set(['com', 'net', 'org', 'edu', 'gov', 'io'])
/** Mail providers: 'name at gmail' needs no ending. */
const PROVIDERS = new Set([
  'gmail', 'googlemail', 'yahoo', 'ymail', 'hotmail', 'outlook', 'live', 'msn', 'icloud', 'aol', 'proton', 'protonmail', 'pm', 'gmx',
  'zoho', 'yandex', 'mail', 'comcast', 'verizon', 'att', 'sbcglobal', 'fastmail', 'tutanota', 'hey',
])
/** Networks and payment apps: what follows them may be a handle. */
const PLATFORMS = new Set([
  'instagram', 'insta', 'ig', 'snapchat', 'snap', 'tiktok', 'facebook', 'fb', 'messenger', 'twitter', 'telegram', 'whatsapp', 'signal',
  'venmo', 'cashapp', 'zelle', 'paypal', 'kik', 'wechat', 'skype', 'discord', 'linkedin', 'threads', 'bluesky', 'handle', 'username',
])

interface Chain {
  first: number
  last: number
  hasDot: boolean
  /** Joined by '.', '_' or digits in a label: looks like a handle. */
  handleLike: boolean
}

/** Does a dot item join the labels on its two sides? A full stop ending a sentence does not. */
function dotJoins(dot: Item, after: Item): boolean {
  if (dot.value !== '.') return true // spelled or bracketed
  if (!dot.spaceAfter || dot.spaceBefore) return true // 'a.b', 'a . b'
  // 'hospital. Com back': a sentence; 'gmail. com': an address.
  return !after.capital && STRONG_TLDS.has(after.value)
}

/** The longest chain of labels joined by dots or joiners that starts at item i (a label). */
function chainAt(items: Item[], i: number): Chain {
  const chain: Chain = { first: i, last: i, hasDot: false, handleLike: /\d/.test(items[i].value) }
  let k = i
  for (;;) {
    const joiner = items[k + 1]
    const label = items[k + 2]
    if (!joiner || label?.kind !== 'label') break
    if (joiner.kind === 'dot') {
      if (!dotJoins(joiner, label)) break
      chain.hasDot = true
      if (joiner.value === '.') chain.handleLike = true
    } else if (joiner.kind === 'join' && !joiner.spaceBefore && !joiner.spaceAfter && !items[k].spaceAfter) {
      if (joiner.value === '_') chain.handleLike = true
    } else break
    k += 2
    chain.last = k
  }
  return chain
}

const hasLetter = (value: string) => /\p{L}/u.test(value)
/** '@5pm', '@10': a time, not a handle. */
function looksLikeTime(value: string): boolean {
  let i = 0
  while (i < value.length && value[i] >= '0' && value[i] <= '9') i++
  const rest = value.slice(i)
  return i > 0 && (rest === '' || rest === 'am' || rest === 'pm' || rest === 'h')
}

/** Is the chain an address on the web: a label ending known after a dot ('bit . ly'), or 'www.'. */
function isLink(items: Item[], chain: Chain): boolean {
  if (!chain.hasDot) return false
  const last = items[chain.last]
  const beforeLast = items[chain.last - 1]
  if (beforeLast.kind === 'dot' && TLDS.has(last.value)) return true
  return items[chain.first].value === 'www'
}

function findAddresses(items: Item[], text: string, spans: Array<[number, number]>) {
  let platformUntil = -1
  let platformColon = false
  let i = 0
  while (i < items.length) {
    const item = items[i]
    // 'https:' or 'http:': everything up to the next space.
    if (item.kind === 'label' && (item.value === 'http' || item.value === 'https') && items[i + 1]?.kind === 'colon') {
      let end = items[i + 1].end
      while (end < text.length && text[end] !== ' ') end++
      spans.push([item.start, end])
      while (i < items.length && items[i].start < end) i++
      continue
    }
    if (item.kind === 'at' && item.strength === 'sign' && !item.spaceAfter && items[i + 1]?.kind === 'label') {
      // '@handle' (no name before the '@': an address would have been found from its name).
      const chain = chainAt(items, i + 1)
      const only = chain.first === chain.last
      if (!(only && looksLikeTime(items[chain.first].value))) {
        spans.push([item.start, items[chain.last].end])
        i = chain.last + 1
        continue
      }
    }
    if (item.kind !== 'label') {
      if (item.kind === 'colon' && platformUntil >= i) platformColon = true
      i++
      continue
    }
    if (PLATFORMS.has(item.value)) {
      platformUntil = i + 4
      platformColon = false
    }
    const chain = chainAt(items, i)
    const afterChain = chain.last + 1
    const at = items[afterChain]
    if (at?.kind === 'at' && items[afterChain + 1]?.kind === 'label') {
      const domain = chainAt(items, afterChain + 1)
      const domainFirst = items[domain.first]
      const tight = at.strength === 'sign' && !at.spaceBefore && !at.spaceAfter
      const endsLikeAddress = isLink(items, domain) || (domain.hasDot && hasLetter(items[domain.last].value) && at.strength !== 'word')
      if (hasLetter(domainFirst.value) && (tight || endsLikeAddress || PROVIDERS.has(domainFirst.value))) {
        spans.push([items[chain.first].start, withPath(items, domain.last, text)])
        i = domain.last + 1
        while (i < items.length && items[i].start < spans[spans.length - 1][1]) i++
        continue
      }
    }
    if (isLink(items, chain)) {
      const end = withPath(items, chain.last, text)
      spans.push([items[chain.first].start, end])
      i = chain.last + 1
      while (i < items.length && items[i].start < end) i++
      continue
    }
    // After a network's name: a handle ('insta is jordan.smith', 'snapchat: jordansmith').
    if (i <= platformUntil && !PLATFORMS.has(item.value) && (chain.handleLike || platformColon)) {
      spans.push([items[chain.first].start, items[chain.last].end])
      platformUntil = -1
      i = chain.last + 1
      continue
    }
    i = chain.last + 1
  }
}

/** A link's path: after '/' (spaces allowed around it), up to the next space. */
function withPath(items: Item[], last: number, text: string): number {
  const slash = items[last + 1]
  if (slash?.kind !== 'slash') return items[last].end
  let end = slash.end
  while (end < text.length && text[end] === ' ') end++
  while (end < text.length && text[end] !== ' ') end++
  return end
}

// ---------------------------------------------------------------------------------------------

/** Where the text holds contact details: spans of the original text, in order, not overlapping. */
export function findContactDetails(original: string): Span[] {
  const copy = normalise(original)
  const tokens = tokenise(copy.text)
  const found: Array<[number, number]> = []
  findPhoneNumbers(tokens, found)
  findAddresses(toItems(tokens, copy.upper), copy.text, found)
  if (found.length === 0) return []
  found.sort((a, b) => a[0] - b[0])
  const spans: Span[] = []
  for (const [start, end] of found) {
    // A number's '+' or '(' just before it belongs to it.
    let from = start
    while (from > 0 && start - from < 2 && (copy.text[from - 1] === '+' || copy.text[from - 1] === '(')) from--
    const span = { start: copy.from[from], end: copy.to[end - 1] }
    const previous = spans[spans.length - 1]
    if (previous && span.start <= previous.end) previous.end = Math.max(previous.end, span.end)
    else spans.push(span)
  }
  return spans
}

/** Only spaces, commas and semicolons between two details: they become one mask. */
function onlyGlue(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const char = text[i]
    if (char !== ',' && char !== ';' && !isSpace(char) && !isFormatOrControl(char)) return false
  }
  return true
}

/**
 * Masks several messages of one sender, in order, as one text: a number or an address split over
 * messages is hidden in each of them. Each message comes back with its parts replaced by `mask`.
 */
export function maskTexts(texts: string[], mask: string): string[] {
  const joined = texts.join('\n')
  const spans = findContactDetails(joined)
  if (spans.length === 0) return texts
  const merged: Span[] = []
  for (const span of spans) {
    const previous = merged[merged.length - 1]
    if (previous && onlyGlue(joined, previous.end, span.start)) previous.end = span.end
    else merged.push({ ...span })
  }
  const result: string[] = []
  let offset = 0
  let s = 0
  for (const text of texts) {
    const start = offset
    const end = offset + text.length
    let out = ''
    let cursor = start
    while (s < merged.length && merged[s].start < end) {
      const from = Math.max(merged[s].start, start)
      const to = Math.min(merged[s].end, end)
      if (!onlyGlue(joined, from, to)) {
        out += joined.slice(cursor, from) + mask
        cursor = to
      }
      if (merged[s].end > end) break
      s++
    }
    result.push(cursor === start ? text : out + joined.slice(cursor, end))
    offset = end + 1
  }
  return result
}
