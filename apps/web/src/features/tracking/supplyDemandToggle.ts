import { useCallback, useState } from 'react';

const KEY = 'taxi.tracking.supplyDemand';

function readShown(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** Whether the supply and demand layer is shown: off by default, remembered on this browser. */
export function useSupplyDemandShown(): [boolean, (shown: boolean) => void] {
  const [shown, setShown] = useState(readShown);
  const choose = useCallback((next: boolean) => {
    setShown(next);
    try {
      localStorage.setItem(KEY, next ? '1' : '0');
    } catch {
      // Private mode or a full storage: the choice holds for this page only.
    }
  }, []);
  return [shown, choose];
}
