import type { LucideIcon } from 'lucide-react';

/** Draws one icon of the set in icons.ts at the text size; decorative unless given a label. */
export function Icon({ icon: Svg, label, size = '1.25em' }: { icon: LucideIcon; label?: string; size?: string }) {
  return (
    <span className="icon" role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : true}>
      <Svg width={size} height={size} strokeWidth={2} focusable="false" />
    </span>
  );
}
