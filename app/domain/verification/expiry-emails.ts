// The e-mails of expiry and re-checks (docs/decisions/0062): reminders to the nurse before a
// credential or her background check expires, the re-check ordered, and her lapse out of search
// and back, told to her, to the families with nights booked with her, and to the admins. Pure:
// dates come in written, links whole.
import { renderEmail, type EmailContent } from '../notifications/email-layout'
import { reasonInSentence } from './expiry'

export function credentialReminderEmail(input: { nurseName: string; credentialName: string; expiresOn: string; daysLeft: number; url: string; dependedOn: boolean }): EmailContent {
  const when = input.daysLeft <= 0 ? 'today' : `in ${input.daysLeft} ${input.daysLeft === 1 ? 'day' : 'days'}, on ${input.expiresOn}`
  return renderEmail({
    subject: `Your ${input.credentialName} expires ${input.daysLeft <= 0 ? 'today' : `in ${input.daysLeft} days`}`,
    heading: `Your ${input.credentialName} expires soon`,
    paragraphs: [
      `Hi ${input.nurseName}, your ${input.credentialName} expires ${when}.`,
      input.dependedOn
        ? 'Once it expires, your profile leaves search and families cannot book new nights with you until you add the renewed one. The nights already booked stay booked.'
        : 'Add the renewed one so families keep seeing it on your profile.',
    ],
    action: { label: 'Add your renewal', url: input.url },
  })
}

export function credentialExpiredEmail(input: { nurseName: string; credentialName: string; expiresOn: string; url: string; dependedOn: boolean }): EmailContent {
  return renderEmail({
    subject: `Your ${input.credentialName} has expired`,
    heading: `Your ${input.credentialName} has expired`,
    paragraphs: [
      `Hi ${input.nurseName}, your ${input.credentialName} expired on ${input.expiresOn}.`,
      input.dependedOn
        ? 'Until you add the renewed one, your profile is out of search and families cannot book new nights with you. The nights already booked stay booked.'
        : 'It no longer shows on your profile. Add the renewed one when you have it.',
    ],
    action: { label: 'Add your renewal', url: input.url },
  })
}

export function checkReminderEmail(input: { nurseName: string; expiresOn: string; daysLeft: number; recheckUnderWay: boolean; url: string }): EmailContent {
  return renderEmail({
    subject: `Your background check expires in ${input.daysLeft} days`,
    heading: 'Your yearly background check',
    paragraphs: [
      `Hi ${input.nurseName}, your background check is good until ${input.expiresOn}: a check lasts twelve months.`,
      input.recheckUnderWay
        ? 'Your next check is under way. If the provider asks you for anything, please answer soon: without a current check your profile leaves search on that day.'
        : 'Please authorize a new check from your dashboard: without a current check your profile leaves search on that day. The nights already booked stay booked.',
    ],
    action: { label: 'See your background check', url: input.url },
  })
}

export function recheckOrderedEmail(input: { nurseName: string; expiresOn: string; invitationUrl: string | null; url: string }): EmailContent {
  return renderEmail({
    subject: 'Your yearly background re-check has started',
    heading: 'Your yearly re-check has started',
    paragraphs: [
      `Hi ${input.nurseName}, your background check is good until ${input.expiresOn}. As the disclosure you signed said, we check again each year while you offer your services on Nightlight, so we have ordered a new one. Nightlight pays for it.`,
      input.invitationUrl
        ? 'The provider needs a few details from you: please fill in its form.'
        : 'There is nothing for you to do: we will write if anything is needed.',
    ],
    action: input.invitationUrl ? { label: 'Fill in the provider’s form', url: input.invitationUrl } : { label: 'See your background check', url: input.url },
  })
}

export function lapsedNurseEmail(input: { nurseName: string; reason: string; url: string }): EmailContent {
  return renderEmail({
    subject: 'Your profile is out of search until you renew',
    heading: 'Your profile is out of search',
    paragraphs: [
      `Hi ${input.nurseName}, your profile has left search and families cannot book new nights with you: ${reasonInSentence(input.reason)}.`,
      'The nights already booked stay booked: please keep them. As soon as you renew, your profile comes back by itself.',
    ],
    action: { label: 'Renew now', url: input.url },
  })
}

export function relistedNurseEmail(input: { nurseName: string; url: string }): EmailContent {
  return renderEmail({
    subject: 'Your profile is back in search',
    heading: 'You are back in search',
    paragraphs: [`Hi ${input.nurseName}, thank you for renewing: your profile is back in search and families can book new nights with you again.`],
    action: { label: 'Go to your dashboard', url: input.url },
  })
}

export function lapsedFamilyEmail(input: { parentName: string; nurseName: string; nextNight: string; nights: number; url: string }): EmailContent {
  return renderEmail({
    subject: `${input.nurseName}: your booked nights stay booked`,
    heading: 'Your booked nights stay booked',
    paragraphs: [
      `Hi ${input.parentName}, one of ${input.nurseName}’s credentials is due for renewal, so she is not taking new bookings for now.`,
      `Her nights with you stay booked: ${input.nights} ${input.nights === 1 ? 'night' : 'nights'}, the next on ${input.nextNight}. Nothing changes for them, and you do not need to do anything.`,
    ],
    action: { label: 'See your bookings', url: input.url },
  })
}

export function lapsedAdminEmail(input: { nurseName: string; reason: string; bookedNights: number; url: string }): EmailContent {
  return renderEmail({
    subject: `Out of search: ${input.nurseName}`,
    heading: `${input.nurseName} is out of search`,
    paragraphs: [
      `${input.nurseName} left search and new bookings: ${reasonInSentence(input.reason)}. She comes back by herself once she renews.`,
      input.bookedNights > 0
        ? `She has ${input.bookedNights} booked ${input.bookedNights === 1 ? 'night' : 'nights'} ahead; they stay booked and the families were told.`
        : 'She has no booked nights ahead.',
    ],
    action: { label: 'See lapsed nurses', url: input.url },
  })
}
