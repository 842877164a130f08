// The instants a night starts and ends (docs/time.md): its local date and HH:mm times read in
// the nurse's time zone, an end at or before the start on the next morning. dayjs's time-zone
// plugin does the reading; it lives here, apart from ./shift-times, so that pages which only name
// dates and times do not load dayjs (issue 13).
import dayjs from 'dayjs'
import customParseFormat from 'dayjs/plugin/customParseFormat.js'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'
import { addDays, endsNextDay } from './shift-times'

dayjs.extend(utc)
dayjs.extend(timezone)
dayjs.extend(customParseFormat)

/** The instants a night starts and ends, judged in the nurse's time zone. */
export function nightInstants(date: string, startTimeLocal: string, endTimeLocal: string, timeZone: string) {
  const startsAt = dayjs.tz(`${date} ${startTimeLocal}`, 'YYYY-MM-DD HH:mm', timeZone)
  const endDay = endsNextDay(startTimeLocal, endTimeLocal) ? addDays(date, 1) : date
  const endsAt = dayjs.tz(`${endDay} ${endTimeLocal}`, 'YYYY-MM-DD HH:mm', timeZone)
  return { startsAt: startsAt.toDate(), endsAt: endsAt.toDate() }
}

export { dayjs }
