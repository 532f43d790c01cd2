import { Overview } from './overview';

/** `/dashboard/overview`: what needs the user now (overview.tsx). */
export function Component() {
  return <Overview heading="Overview" />;
}
