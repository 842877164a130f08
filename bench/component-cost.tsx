// What Mantine's components cost the server against plain elements (docs/decisions/0056, 0058,
// 0077): each renders N times inside the root's provider, in one process, and the difference per
// instance is printed. The plain side is an element with a class, as a CSS module of ours would
// style it. Weigh a page's count of pieces times this against its CPU (bench/ab.mjs).
//
//   NODE_ENV=production npx tsx bench/component-cost.tsx
import { Button, Card, Group, MantineProvider, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { theme } from '~/theme'

const N = 50
const ROUNDS = 600
const wrap = (children: ReactNode) => (
  <MantineProvider theme={theme} defaultColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
    {children}
  </MantineProvider>
)
const range = Array.from({ length: N }, (_, i) => i)
const pairs: [string, () => ReactNode, () => ReactNode][] = [
  ['Text', () => range.map((i) => <p key={i} className="text">x</p>), () => range.map((i) => <Text key={i} fz="sm" c="dimmed">x</Text>)],
  ['Stack', () => range.map((i) => <div key={i} className="stack">x</div>), () => range.map((i) => <Stack key={i} gap="md">x</Stack>)],
  ['Group', () => range.map((i) => <div key={i} className="group">x</div>), () => range.map((i) => <Group key={i} gap="sm">x</Group>)],
  ['Title', () => range.map((i) => <h2 key={i} className="title">x</h2>), () => range.map((i) => <Title key={i} order={2}>x</Title>)],
  ['Button (a link)', () => range.map((i) => <a key={i} className="button" href="/x">x</a>), () => range.map((i) => <Button key={i} component="a" href="/x" variant="default">x</Button>)],
  ['Button', () => range.map((i) => <button key={i} type="button" className="button">x</button>), () => range.map((i) => <Button key={i}>x</Button>)],
  ['Card with a title', () => range.map((i) => <section key={i} className="card" aria-labelledby={`c${i}`}><h2 className="title" id={`c${i}`}>x</h2>x</section>), () => range.map((i) => <Card key={i} component="section" aria-labelledby={`c${i}`}><Title order={2} fz="lg" id={`c${i}`}>x</Title>x</Card>)],
]
function time(make: () => ReactNode) {
  const element = wrap(make())
  for (let i = 0; i < 300; i++) renderToString(element)
  const start = performance.now()
  for (let i = 0; i < ROUNDS; i++) renderToString(wrap(make()))
  return ((performance.now() - start) * 1000) / ROUNDS / N
}
// The provider alone, shared out over the N instances.
const base = time(() => null)
for (const [name, plain, mantine] of pairs) {
  const p = time(plain) - base
  const m = time(mantine) - base
  console.log(`${name.padEnd(20)} plain ${p.toFixed(1)} µs  Mantine ${m.toFixed(1)} µs  (+${(m - p).toFixed(1)} µs each)`)
}
