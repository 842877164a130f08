// The reminder before an agreed interview (issue 36, docs/decisions/0067), sent by the background
// job in app/jobs.server.ts. Each interview is claimed by one conditional UPDATE of its
// reminder_sent_at, so however many servers sweep together, each side gets one reminder.
import { and, eq, gt, isNull, lte } from 'drizzle-orm'
import { getDb } from '../../db/client.server'
import { interviews } from '../../db/schema'
import { sendEmailAfterTheFact } from '../notifications/email.server'
import { interviewReminderEmail } from './interview-emails'
import { scheduledFacts } from './interview-life-cycle.server'
import { REMINDER_MINUTES_BEFORE } from './interview-rules'
import { loadInterview } from './interviews.server'

export const INTERVIEW_REMINDER_SWEEP_EVERY_MS = 5 * 60_000

/** Sends the reminders due at `now`; answers how many interviews were reminded. */
export async function sendDueInterviewReminders(now: Date): Promise<number> {
  const db = getDb()
  const due = await db
    .select({ id: interviews.id })
    .from(interviews)
    .where(
      and(
        eq(interviews.status, 'accepted'),
        isNull(interviews.reminderSentAt),
        gt(interviews.scheduledAt, now),
        lte(interviews.scheduledAt, new Date(now.getTime() + REMINDER_MINUTES_BEFORE * 60_000)),
      ),
    )
    .limit(200)
  let sent = 0
  for (const { id } of due) {
    const [claimed] = await db
      .update(interviews)
      .set({ reminderSentAt: now })
      .where(and(eq(interviews.id, id), eq(interviews.status, 'accepted'), isNull(interviews.reminderSentAt)))
      .returning({ id: interviews.id })
    if (!claimed) continue
    const row = await loadInterview(id)
    if (!row) continue
    const facts = scheduledFacts(row)
    await sendEmailAfterTheFact(row.parentEmail, (t) => interviewReminderEmail(facts, 'parent', t), `Interview ${id} (reminder)`)
    await sendEmailAfterTheFact(row.nurseEmail, (t) => interviewReminderEmail(facts, 'nurse', t), `Interview ${id} (reminder)`)
    sent++
  }
  return sent
}
