// Serves the bare Remix build as server.js serves the app: Express, compression, Remix's handler.
import path from 'node:path'
import { createRequestHandler } from '@remix-run/express'
import compression from 'compression'
import express from 'express'

const build = await import(path.join(import.meta.dirname, 'build/server/index.js'))
const app = express()
app.disable('x-powered-by')
app.use(compression())
app.all('*', createRequestHandler({ build, mode: 'production' }))
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('bare Remix up'))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
