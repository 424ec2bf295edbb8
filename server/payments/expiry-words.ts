/**
 * How long a payment link has left, in the words a person reads ("expires in 23 minutes"), rendered
 * by the server from the service's clock: a timestamp in GMT asks the reader to do time-zone sums,
 * and a browser's own clock may be wrong.
 */
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

export function expiresInWords(expiresAt: Date, now: Date): string {
  const minutes = Math.floor((expiresAt.getTime() - now.getTime()) / 60_000);
  if (minutes < 1) return 'expires in less than a minute';
  if (minutes < 90) return `expires ${relative.format(minutes, 'minute')}`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `expires ${relative.format(hours, 'hour')}`;
  return `expires ${relative.format(Math.round(hours / 24), 'day')}`;
}
