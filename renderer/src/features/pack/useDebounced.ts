import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `ms` (compared by JSON, so a new equal object is no change). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const json = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(json) as T), ms);
    return () => clearTimeout(timer);
  }, [json, ms]);
  return settled;
}
