// One process per PGlite directory (issue 9, docs/decisions/0010-database-driver-and-faults.md).
// PGlite is PostgreSQL in one process: two processes on one directory each keep their own copy in
// memory and overwrite each other's files, losing writes without a word. Whoever opens a directory
// first writes `<dir>.lock` with its process id; a second process is refused, naming both. A lock
// whose process is gone (killed with SIGKILL, say) is taken over.
import fs from 'node:fs'
import path from 'node:path'

export class DirectoryInUseError extends Error {
  constructor(
    readonly directory: string,
    readonly holderPid: number,
  ) {
    super(
      `The PGlite directory ${directory} is in use by process ${holderPid}. ` +
        'Only one process may open it at a time: stop that process, or set PGLITE_DIR to another directory.',
    )
    this.name = 'DirectoryInUseError'
  }
}

interface LockRecord {
  pid: number
  /** The holder's start time (Linux /proc), so a reused process id is not mistaken for the holder. */
  started?: string
}

/** A process's state and start time in clock ticks since boot (fields 3 and 22 of /proc/<pid>/stat), where there is /proc. */
function processStat(pid: number): { state: string; started: string } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return { state: fields[0], started: fields[19] }
  } catch {
    return undefined
  }
}

function readLock(file: string): LockRecord | undefined {
  try {
    const record = JSON.parse(fs.readFileSync(file, 'utf8')) as LockRecord
    return Number.isInteger(record.pid) && record.pid > 0 ? record : undefined
  } catch {
    return undefined
  }
}

function holderIsRunning(record: LockRecord): boolean {
  // Our own id in the file is a previous life of this process's id (a restarted container's pid 1).
  if (record.pid === process.pid) return false
  try {
    process.kill(record.pid, 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false
  }
  const stat = processStat(record.pid)
  // A killed process not yet reaped by its parent (a zombie) holds nothing.
  if (stat?.state === 'Z') return false
  return !record.started || !stat || stat.started === record.started
}

/**
 * Takes the directory's lock for this process, or throws DirectoryInUseError. Returns the release
 * function (also run when the process exits).
 */
export function lockPgliteDirectory(dataDir: string): () => void {
  const directory = path.resolve(dataDir)
  const lockFile = `${directory}.lock`
  fs.mkdirSync(path.dirname(directory), { recursive: true })
  const content = JSON.stringify({ pid: process.pid, started: processStat(process.pid)?.started } satisfies LockRecord)
  // Written whole under a private name, then linked into place: link fails if the lock exists, so
  // no one ever reads a half-written lock.
  const draft = `${lockFile}.${process.pid}`
  fs.writeFileSync(draft, content)
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        fs.linkSync(draft, lockFile)
        const release = () => {
          process.off('exit', release)
          try {
            if (fs.readFileSync(lockFile, 'utf8') === content) fs.unlinkSync(lockFile)
          } catch {
            // already gone
          }
        }
        process.on('exit', release)
        return release
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      }
      const holder = readLock(lockFile)
      if (holder && holderIsRunning(holder)) throw new DirectoryInUseError(directory, holder.pid)
      console.warn(`Taking over the PGlite directory ${directory}: the process that held it${holder ? ` (${holder.pid})` : ''} is gone.`)
      fs.rmSync(lockFile, { force: true })
    }
    throw new Error(`Could not lock the PGlite directory ${directory}`)
  } finally {
    fs.rmSync(draft, { force: true })
  }
}
