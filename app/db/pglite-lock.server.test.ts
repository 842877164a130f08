import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { DirectoryInUseError, lockPgliteDirectory } from './pglite-lock.server'

let root: string
let dir: string
let other: ReturnType<typeof spawn> | undefined

/** Another live process, to stand for a second server. */
async function otherProcess() {
  other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' })
  await new Promise((resolve) => other!.once('spawn', resolve))
  const stat = fs.readFileSync(`/proc/${other.pid}/stat`, 'utf8')
  return { pid: other.pid!, started: stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] }
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'nightlight-lock-'))
  dir = path.join(root, 'pglite')
})

afterEach(async () => {
  if (other && other.exitCode === null && other.signalCode === null) {
    other.kill('SIGKILL')
    await new Promise((resolve) => other!.once('exit', resolve))
  }
  other = undefined
  fs.rmSync(root, { recursive: true, force: true })
})

describe.skipIf(!fs.existsSync('/proc/self/stat'))('the PGlite directory lock', () => {
  test('is a file beside the directory naming this process, gone once released', () => {
    const release = lockPgliteDirectory(dir)
    expect(JSON.parse(fs.readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid })
    release()
    expect(fs.existsSync(`${dir}.lock`)).toBe(false)
  })

  test('refuses a directory another running process holds, naming the directory and the process', async () => {
    const holder = await otherProcess()
    fs.writeFileSync(`${dir}.lock`, JSON.stringify(holder))
    expect(() => lockPgliteDirectory(dir)).toThrow(DirectoryInUseError)
    expect(() => lockPgliteDirectory(dir)).toThrow(
      `The PGlite directory ${path.resolve(dir)} is in use by process ${holder.pid}.`,
    )
    // The holder's lock is left as it was.
    expect(JSON.parse(fs.readFileSync(`${dir}.lock`, 'utf8'))).toEqual(holder)
  })

  test('takes over the lock of a process that was killed', async () => {
    const holder = await otherProcess()
    fs.writeFileSync(`${dir}.lock`, JSON.stringify(holder))
    other!.kill('SIGKILL')
    await new Promise((resolve) => other!.once('exit', resolve))
    const release = lockPgliteDirectory(dir)
    expect(JSON.parse(fs.readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid })
    release()
  })

  test('takes over a lock whose process id now belongs to another process', async () => {
    const stranger = await otherProcess()
    fs.writeFileSync(`${dir}.lock`, JSON.stringify({ pid: stranger.pid, started: '1' }))
    const release = lockPgliteDirectory(dir)
    expect(JSON.parse(fs.readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid })
    release()
  })

  test('takes over a lock that cannot be read', () => {
    fs.mkdirSync(root, { recursive: true })
    fs.writeFileSync(`${dir}.lock`, '')
    const release = lockPgliteDirectory(dir)
    expect(JSON.parse(fs.readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid })
    release()
  })

  test('a release does not remove a lock someone else has taken since', () => {
    const release = lockPgliteDirectory(dir)
    fs.writeFileSync(`${dir}.lock`, JSON.stringify({ pid: 999999 }))
    release()
    expect(fs.existsSync(`${dir}.lock`)).toBe(true)
  })
})
