import { useCallback, useEffect, useState } from 'react';

/**
 * Something read from the user pool for a screen (attributes, MFA settings): asked again when
 * the connection comes back and after a change; a failure keeps the last answer and is logged.
 */
export function useIdentityQuery<T>(what: string, read: () => Promise<T>, online: boolean) {
  const [data, setData] = useState<T | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!online) return;
    let current = true;
    read()
      .then((answer) => current && setData(answer))
      .catch((error: unknown) => console.error(`${what} could not be loaded`, error));
    return () => {
      current = false;
    };
    // `read` is a module-level function per caller; `version` asks again after a change.
  }, [what, read, online, version]);
  const reload = useCallback(() => setVersion((n) => n + 1), []);
  return { data, reload };
}
