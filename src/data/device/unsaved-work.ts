/**
 * Work a reload would lose: forms with unsaved input and running uploads register here, and
 * the update flow reloads on its own only while nothing is registered (DESIGN.md §7).
 */
import { useEffect, useId } from 'react';
import { proxy } from 'valtio/vanilla';

export const unsavedWork = proxy({ holders: [] as string[] });

export function hasUnsavedWork(): boolean {
  return unsavedWork.holders.length > 0;
}

export function holdUnsavedWork(holder: string): () => void {
  if (!unsavedWork.holders.includes(holder)) unsavedWork.holders.push(holder);
  return () => {
    unsavedWork.holders = unsavedWork.holders.filter((existing) => existing !== holder);
  };
}

/** Registers the calling component while `active` is true. */
export function useUnsavedWork(active: boolean): void {
  const holder = useId();
  useEffect(() => (active ? holdUnsavedWork(holder) : undefined), [active, holder]);
}
