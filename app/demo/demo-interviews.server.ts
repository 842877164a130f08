// The demo's one interview (issue 36): the demo family and Nora meet by video next week, agreed,
// so both demo accounts show an interview with its time and link. Written as the life cycle would
// leave it after the nurse accepted (tests/unit/status-writes.test.ts exempts this file).
import type { Tx } from '../db/client.server'
import { interviews } from '../db/schema'
import { readLocalTime } from '../domain/interviews/interview-rules'
import { addDays, localToday } from '../domain/time/shift-times'

/** Next week's day at 10:00 and 14:00 in the nurse's zone; the family proposed both, she took 10:00. */
export async function insertDemoInterview(tx: Tx, input: { parentId: number; nurseId: number; nurseTimeZone: string; now: Date }) {
  const day = addDays(localToday(input.nurseTimeZone, input.now), 7)
  const at = (time: string) => {
    const read = readLocalTime(`${day}T${time}`, input.nurseTimeZone)
    if (!read.ok) throw new Error(`The demo interview's time ${day} ${time} does not exist`)
    return read.at
  }
  const askedAt = new Date(input.now.getTime() - 2 * 24 * 60 * 60 * 1000)
  const acceptedAt = new Date(askedAt.getTime() + 5 * 60 * 60 * 1000)
  await tx.insert(interviews).values({
    parentId: input.parentId,
    nurseId: input.nurseId,
    status: 'accepted',
    medium: 'video',
    proposedBy: 'parent',
    proposedTimes: [at('10:00'), at('14:00')],
    scheduledAt: at('10:00'),
    contact: 'https://meet.example.com/nora-nightingale',
    note: 'Our baby is due in six weeks; we would love to hear how you run a first night.',
    createdAt: askedAt,
    updatedAt: acceptedAt,
  })
}
