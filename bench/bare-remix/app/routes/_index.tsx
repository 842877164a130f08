import { useLoaderData } from '@remix-run/react'

export const loader = () => ({ greeting: 'A bare Remix page' })

export default function Index() {
  const { greeting } = useLoaderData<typeof loader>()
  return <p>{greeting}</p>
}
