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
