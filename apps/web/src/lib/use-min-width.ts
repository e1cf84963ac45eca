import { useEffect, useState } from 'react';

/** Whether the window is at least `min` px wide, following resizes (the public pages' layouts). */
export function useMinWidth(min: number): boolean {
  const [wide, setWide] = useState(() => window.innerWidth >= min);
  useEffect(() => {
    const onResize = () => setWide(window.innerWidth >= min);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [min]);
  return wide;
}
