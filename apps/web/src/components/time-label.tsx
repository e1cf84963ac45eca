// When something happened, as every screen shows it (spec 02 §9): the relative label (刚刚,
// N分钟前…, then the date) with the exact Beijing time on hover. A time not there yet (an order not
// paid, a task still running) shows a dash.
import { formatDate, relativeTime } from '../lib/relative-time';

export function TimeLabel({ time, empty = '—' }: { time: string | number | null | undefined; empty?: string }) {
  if (time === null || time === undefined || time === '') return <>{empty}</>;
  return <span title={formatDate(time)}>{relativeTime(time)}</span>;
}
