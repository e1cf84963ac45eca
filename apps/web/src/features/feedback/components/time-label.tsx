// A time as the spec's relative label (刚刚, N分钟前…), the exact time on hover.
import { formatDate, relativeTime } from '../../../lib/relative-time';

export function TimeLabel({ time }: { time: string }) {
  return <span title={formatDate(time)}>{relativeTime(time)}</span>;
}
