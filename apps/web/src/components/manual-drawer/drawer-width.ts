// Manual drawer width by window width (spec 01 §2, §9; spec 02 §2): 100% at 768 px or narrower,
// 60% up to 1024 px, 50% above.
export const DRAWER_BREAKPOINTS = { full: 768, wide: 1024 } as const;

export function manualDrawerWidth(windowWidth: number): '100%' | '60%' | '50%' {
  if (windowWidth <= DRAWER_BREAKPOINTS.full) return '100%';
  if (windowWidth <= DRAWER_BREAKPOINTS.wide) return '60%';
  return '50%';
}
