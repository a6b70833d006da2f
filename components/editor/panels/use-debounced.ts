"use client";
import { useEffect, useState } from "react";

/** `value`, updated only after it has stopped changing for `delayMs` (search-as-you-type). */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
