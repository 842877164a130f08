// Runs Debian's nginx in front of the app servers with deploy/nginx/default.conf.template, filled
// in exactly as the nginx image does for docker-compose.yml (envsubst of the named variables).
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/** How nginx treats each app server; docker-compose.yml's UPSTREAM_SERVERS says the same. */
export const UPSTREAM_OPTIONS = 'max_fails=1 fail_timeout=1s'

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => fs.existsSync(candidate))

/** The template with ${NAME} replaced for the given names only; nginx's own $names stay. */
export function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{([A-Z_]+)\}/g, (whole, name: string) => values[name] ?? whole)
}

export interface Nginx {
  url: string
  /** nginx's error log so far. */
  errors: () => string
  stop: () => Promise<void>
}

export async function startNginx(dir: string, port: number, upstreams: string[]): Promise<Nginx> {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install nginx-light)')
  fs.mkdirSync(path.join(dir, 'logs'), { recursive: true })
  const template = fs.readFileSync(path.resolve('deploy/nginx/default.conf.template'), 'utf8')
  const site = renderTemplate(template, {
    NGINX_PORT: `127.0.0.1:${port}`,
    UPSTREAM_SERVERS: upstreams.map((upstream) => `server ${upstream} ${UPSTREAM_OPTIONS};`).join('\n    '),
  })
  fs.writeFileSync(path.join(dir, 'default.conf'), site)
  // What the nginx image's own nginx.conf provides around the site file.
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/default.conf;
}
`,
  )
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) break
    const up = await fetch(`${url}/healthz`).then(
      (res) => res.status === 200,
      () => false,
    )
    if (up) {
      return {
        url,
        errors: () => fs.readFileSync(path.join(dir, 'logs/error.log'), 'utf8'),
        stop: async () => {
          child.kill('SIGQUIT')
          await new Promise((resolve) => child.once('exit', resolve))
        },
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  child.kill('SIGKILL')
  const log = path.join(dir, 'logs/error.log')
  throw new Error(`nginx did not start:\n${output}\n${fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : ''}`)
}
