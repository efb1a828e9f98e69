import { useCallback, useState } from 'react';

const STORAGE_KEY = 'rangsi.drawer.collapsed';

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

/** Whether the side drawer is collapsed; remembered per workstation, since people set it once for their screen. */
export function useDrawerCollapsed(): [collapsed: boolean, toggle: () => void] {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const toggle = useCallback(() => {
    setCollapsed((previous) => {
      const next = !previous;
      try {
        window.localStorage.setItem(STORAGE_KEY, next ? '1' : '0');
      } catch {
        // Remembering is a convenience only.
      }
      return next;
    });
  }, []);
  return [collapsed, toggle];
}
