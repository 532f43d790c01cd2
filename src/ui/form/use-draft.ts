import { useEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { dropDraft, readDraft, saveDraft, type DraftValues } from '../../data/device/drafts';

/** Where a form keeps what was typed and not sent, and the fields never kept (secrets). */
export interface DraftOptions {
  /** One per form and, where the form belongs to a sale or an offer, per sale: `identity-address:{transactionId}`. */
  key: string;
  omit?: readonly string[];
}

/** The draft's values that still fit the form: its own fields, of the same kind (a form that changed drops the rest). */
function fitting<V extends DraftValues>(kept: DraftValues, form: V): Partial<V> {
  return Object.fromEntries(
    Object.entries(kept).filter(([name, value]) => name in form && typeof value === typeof form[name]),
  ) as Partial<V>;
}

/**
 * useZodForm's draft: brings a kept draft back once (unless the user typed first), then keeps
 * every change while the input differs from what was saved and drops it once it does not. Each
 * change is written as soon as React has drawn it (IndexedDB, in order): a reload or a crash
 * loses at most the keystroke of that same moment. Returns what the form calls once it was sent.
 */
export function useDraft<V extends DraftValues>(
  draft: DraftOptions | undefined,
  values: V,
  unsaved: boolean,
  typed: RefObject<boolean>,
  setValues: Dispatch<SetStateAction<V>>,
): () => void {
  const key = draft?.key;
  const omit = useRef(draft?.omit ?? []);
  const [loadedKey, setLoadedKey] = useState<string>();

  useEffect(() => {
    if (!key) return;
    let current = true;
    void readDraft(key).then((kept) => {
      if (!current) return;
      if (kept && !typed.current) setValues((now) => ({ ...now, ...fitting(kept, now) }));
      setLoadedKey(key);
    });
    return () => {
      current = false;
    };
  }, [key, typed, setValues]);

  useEffect(() => {
    // Nothing is written before the kept draft was read: an untouched form would drop it.
    if (!key || loadedKey !== key) return;
    void (unsaved ? saveDraft(key, values, omit.current) : dropDraft(key));
  }, [key, loadedKey, values, unsaved]);

  return () => {
    if (key) void dropDraft(key);
  };
}
