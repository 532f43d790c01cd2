/** How old a saved copy is, as a person says it: "just now", "3 minutes ago", "yesterday" … */
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

export function savedAgo(savedAt: number, now = Date.now()): string {
  const seconds = Math.round((savedAt - now) / 1000);
  if (seconds > -45) return 'just now';
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['minute', 60],
    ['hour', 3600],
    ['day', 86_400],
  ];
  const [unit, size] = units.findLast(([, size]) => -seconds >= size) ?? units[0]!;
  return relative.format(Math.round(seconds / size), unit);
}
