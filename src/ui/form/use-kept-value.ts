import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { dropDraft, readDraft, saveDraft } from '../../data/device/drafts';

/**
 * State typed into a screen outside a form helper (a reading, a note per photo), kept as a draft
 * (drafts.ts) under `key` until it is sent, as useZodForm keeps a form's: brought back once (unless
 * the user typed first) after a reload, a closed tab or a restart offline; each change written as
 * soon as React has drawn it. `fits` says whether a kept value still has the shape the screen reads.
 * Returns the value, its setter, and what the screen calls once the value was sent.
 */
export function useKeptValue<T>(key: string, initial: T, fits: (kept: unknown) => kept is T): [T, Dispatch<SetStateAction<T>>, () => void] {
  const [value, setValue] = useState(initial);
  const typed = useRef(false);
  const fitsNow = useRef(fits);

  useEffect(() => {
    let current = true;
    void readDraft(key).then((kept) => {
      if (current && !typed.current && kept && fitsNow.current(kept.value)) setValue(kept.value);
    });
    return () => {
      current = false;
    };
  }, [key]);

  useEffect(() => {
    // Nothing is written before the user types: an untouched screen would overwrite the kept draft with its initial value.
    if (typed.current) void saveDraft(key, { value });
  }, [key, value]);

  const change = useCallback<Dispatch<SetStateAction<T>>>((next) => {
    typed.current = true;
    setValue(next);
  }, []);
  const sent = useCallback(() => {
    typed.current = false;
    void dropDraft(key);
  }, [key]);
  return [value, change, sent];
}
