import { listAdminAddresses } from '../accounts/admins.server'
import { sendEmail } from '../notifications/email.server'
import { barrierReportEmail, type BarrierReportFacts } from './barrier-reports'

/** Sends a reported barrier to every admin who can sign in; the outbox keeps it for /admin/emails. */
export async function reportBarrier(report: BarrierReportFacts): Promise<void> {
  for (const admin of await listAdminAddresses()) await sendEmail(admin, (t) => barrierReportEmail(report, t))
}
