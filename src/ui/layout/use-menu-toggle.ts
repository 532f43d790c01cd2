import { useState } from 'react';
import { useLocation } from 'react-router-dom';

/** Open/closed state of a small-screen menu that closes itself when the route changes. */
export function useMenuToggle() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setOpen(false);
  }
  return { open, toggle: () => setOpen((value) => !value) };
}
