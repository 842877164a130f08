import net from 'node:net'

/** A TCP proxy in front of PostgreSQL that the test can cut (ending every connection, refusing new ones) and restore. */
export async function startProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => {})
    }
    client.pipe(upstream)
    upstream.pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as net.AddressInfo).port
  return {
    port,
    cut() {
      server.close()
      for (const socket of sockets) socket.destroy()
    },
    restore: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close() {
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()))
    },
  }
}
