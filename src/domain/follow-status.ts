/**
 * Whether a party's open transaction screen follows the sale when its status moves on (the shell then
 * takes them to the screen the new status maps to). Someone who went to read a done step stays there.
 * A party follows while they are on the screen the status pointed at, or on any screen this rule took
 * them from or to since they last went somewhere of their own accord: while a navigation runs the
 * address still shows the screen before it, and a quick second move (or a status that went back and
 * forth) must not strand them on a step they never chose. A moment without a destination (the copy
 * being fetched again) says nothing about where the party is: the last one known stands.
 */
export interface Following {
  /** The destination the status pointed at, the last one known. */
  pointedAt?: string;
  /** The screens this rule took the party from and to since they last went elsewhere themselves. */
  chain: string[];
}

/** The path to take the party to (or null), and what to remember for the next move. */
export function follow(was: Following, destination: string | undefined, pathname: string): { to: string | null; now: Following } {
  const ours = pathname === was.pointedAt || was.chain.includes(pathname);
  if (!destination || destination === was.pointedAt) return { to: null, now: ours ? was : { ...was, chain: [] } };
  if (was.pointedAt === undefined || !ours) return { to: null, now: { pointedAt: destination, chain: [] } };
  return { to: destination, now: { pointedAt: destination, chain: [...new Set([...was.chain, pathname, destination])] } };
}

/** A navigation this rule started: where to, from where, whether the router was seen on its way, and how often it was made. */
export interface Sent {
  to: string;
  from: string;
  seenUnderway: boolean;
  tries: number;
}

/** A navigation the rule makes at most this many times when it keeps ending where it started. */
export const FOLLOW_TRIES = 3;

/**
 * What to do about a navigation this rule started, once the router is idle again: it landed (forget it); it ended with
 * the party still where it found them — superseded by another navigation to the same address, or sent back by a route
 * guard — while the status still points there (make it again: nothing else would take them, and the screen stays in
 * the layout of where they were going); the party went somewhere else (forget it: their own choice stands).
 */
export function afterNavigation(sent: Sent, pathname: string, pointedAt: string | undefined): 'landed' | 'again' | 'forget' {
  if (pathname === sent.to) return 'landed';
  return pathname === sent.from && pointedAt === sent.to && sent.tries < FOLLOW_TRIES ? 'again' : 'forget';
}
