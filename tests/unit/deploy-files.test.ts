// docker-compose.yml and the scale test (tests/scale) run the same production shape: one nginx
// template, the same upstream options, the same variables for the app servers (issue 14).
import fs from 'node:fs'
import { expect, test } from 'vitest'
import { renderTemplate, UPSTREAM_OPTIONS } from '../scale/nginx'

const compose = fs.readFileSync('docker-compose.yml', 'utf8')
const template = fs.readFileSync('deploy/nginx/default.conf.template', 'utf8')

test('docker-compose mounts the nginx template the scale test renders, with the same upstream options', () => {
  expect(compose).toContain('./deploy/nginx/default.conf.template:/etc/nginx/templates/default.conf.template')
  const upstreams = /UPSTREAM_SERVERS: "([^"]+)"/.exec(compose)![1]
  const servers = upstreams.split(';').map((part) => part.trim()).filter(Boolean)
  expect(servers.length).toBeGreaterThanOrEqual(2)
  for (const server of servers) expect(server).toMatch(new RegExp(`^server \\S+ ${UPSTREAM_OPTIONS}$`))
})

test('the template names only NGINX_PORT and UPSTREAM_SERVERS; nginx keeps its own variables', () => {
  expect([...template.matchAll(/\$\{([A-Z_]+)\}/g)].map((m) => m[1]).sort()).toEqual(['NGINX_PORT', 'UPSTREAM_SERVERS'])
  const rendered = renderTemplate(template, { NGINX_PORT: '80', UPSTREAM_SERVERS: 'server a:3000;' })
  expect(rendered).toContain('listen 80;')
  expect(rendered).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;')
})

test('the app servers of docker-compose trust one proxy and drain before stopping, as in the scale test', () => {
  expect(compose).toMatch(/TRUST_PROXY: "1"/)
  expect(compose).toMatch(/SHUTDOWN_DELAY_MS: "\d+"/)
  expect(compose).toMatch(/command: \["node", "server.js", "--migrate"\]/)
})
