"use client";
import { type RefObject, useEffect, useState } from "react";

export type TSize = { width: number; height: number };

/** The content box of an element (inside its padding) in CSS pixels, kept current as it resizes. */
export function useElementSize(ref: RefObject<HTMLElement | null>, initial: TSize): TSize {
  const [size, setSize] = useState(initial);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const style = getComputedStyle(element);
      const width =
        element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      const height =
        element.clientHeight - Number.parseFloat(style.paddingTop) - Number.parseFloat(style.paddingBottom);
      setSize((current) =>
        current.width === width && current.height === height ? current : { width, height },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/** The largest 16:9 width that fits a box of this size, never under `minWidth` (the box scrolls then). */
export function fitSlideWidth(size: TSize, minWidth = 0): number {
  const fitted = Math.floor(Math.min(size.width, (size.height * 16) / 9));
  return Math.max(fitted, Math.min(minWidth, size.width));
}
