import { Badge, Button, ComboboxChevron, Input, MantineProvider, Table } from '@mantine/core'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { theme } from '~/theme'
const wrap = (c: ReactNode) => <MantineProvider theme={theme} defaultColorScheme="light" withCssVariables={false} withGlobalClasses={false}>{c}</MantineProvider>
const rows = Array.from({ length: 20 }, (_, i) => i)
const variants: Record<string, () => ReactNode> = {
  empty: () => null,
  tdMantine: () => <Table><Table.Tbody>{rows.map((i) => <Table.Tr key={i}>{[0,1,2,3,4,5,6].map((j) => <Table.Td key={j} data-label="x">x{j}</Table.Td>)}</Table.Tr>)}</Table.Tbody></Table>,
  tdPlain: () => <Table><Table.Tbody>{rows.map((i) => <tr key={i} className="tr">{[0,1,2,3,4,5,6].map((j) => <td key={j} className="td" data-label="x">x{j}</td>)}</tr>)}</Table.Tbody></Table>,
  badge: () => rows.map((i) => <Badge key={i} color="teal" variant="light">Confirmed</Badge>),
  selectInput: () => rows.map((i) => <Input key={i} component="select" size="xs" rightSection={<ComboboxChevron size="xs" />} rightSectionPointerEvents="none"><option>a</option><option>b</option></Input>),
  textInput: () => rows.map((i) => <Input key={i} withAria={false} size="xs" placeholder="Notes" />),
  button: () => rows.map((i) => <Button key={i} size="xs" variant="filled" type="submit">Update</Button>),
}
function time(make: () => ReactNode, rounds = 400) {
  for (let i = 0; i < 200; i++) renderToString(wrap(make()))
  const start = performance.now()
  for (let i = 0; i < rounds; i++) renderToString(wrap(make()))
  return ((performance.now() - start) * 1000) / rounds
}
const base = time(variants.empty)
for (const [k, v] of Object.entries(variants)) console.log(k.padEnd(14), ((time(v) - base) / 1000).toFixed(2), 'ms per 20 rows')
