// Client preferences of the admin shell (spec 02 §2, §3, §9). The spec keeps three in cookies:
// sidebar open state, size (default medium) and theme colour (30 days). The layout switches it
// adds (fixed header, tags view, sidebar logo; all off by default) are kept in local storage so
// a choice survives a reload.
import Cookies from 'js-cookie';
import { useSyncExternalStore } from 'react';

export const DEFAULT_THEME = '#409EFF';
export const THEME_COOKIE_DAYS = 30;
export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type AppSize = (typeof SIZES)[number];
export const DEFAULT_SIZE: AppSize = 'medium';

const COOKIE = { sidebar: 'sidebarStatus', size: 'size', theme: 'theme' } as const;
const LAYOUT_KEY = 'labstat-layout-settings';

export interface Preferences {
  sidebarOpen: boolean;
  size: AppSize;
  theme: string;
  fixedHeader: boolean;
  tagsView: boolean;
  sidebarLogo: boolean;
}

/** antd knows three control sizes; the spec's four map onto them, largest first. */
export function antdSize(size: AppSize): 'large' | 'middle' | 'small' {
  return size === 'default' ? 'large' : size === 'medium' ? 'middle' : 'small';
}

const HEX = /^#[0-9a-f]{6}$/i;

/** Reads stored values, falling back to the spec's defaults for anything missing or malformed. */
export function parsePreferences(cookies: Record<string, string | undefined>, layout: string | null): Preferences {
  let saved: Partial<Record<'fixedHeader' | 'tagsView' | 'sidebarLogo', unknown>> = {};
  try {
    const v: unknown = layout ? JSON.parse(layout) : {};
    if (v && typeof v === 'object') saved = v as typeof saved;
  } catch {
    /* a damaged entry means defaults */
  }
  const size = cookies[COOKIE.size];
  const theme = cookies[COOKIE.theme];
  return {
    sidebarOpen: cookies[COOKIE.sidebar] !== '0',
    size: (SIZES as readonly string[]).includes(size ?? '') ? (size as AppSize) : DEFAULT_SIZE,
    theme: theme && HEX.test(theme) ? theme : DEFAULT_THEME,
    fixedHeader: saved.fixedHeader === true,
    tagsView: saved.tagsView === true,
    sidebarLogo: saved.sidebarLogo === true,
  };
}

function readLayout(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(LAYOUT_KEY);
  } catch {
    return null;
  }
}

let state: Preferences = parsePreferences((Cookies.get() as Record<string, string> | undefined) ?? {}, readLayout());
const listeners = new Set<() => void>();

export const preferences = {
  get: (): Preferences => state,
  subscribe(l: () => void): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  set(patch: Partial<Preferences>): void {
    state = { ...state, ...patch };
    if ('sidebarOpen' in patch) Cookies.set(COOKIE.sidebar, state.sidebarOpen ? '1' : '0', { sameSite: 'Lax' });
    if ('size' in patch) Cookies.set(COOKIE.size, state.size, { sameSite: 'Lax' });
    if ('theme' in patch) Cookies.set(COOKIE.theme, state.theme, { sameSite: 'Lax', expires: THEME_COOKIE_DAYS });
    if ('fixedHeader' in patch || 'tagsView' in patch || 'sidebarLogo' in patch) {
      try {
        localStorage.setItem(LAYOUT_KEY, JSON.stringify({ fixedHeader: state.fixedHeader, tagsView: state.tagsView, sidebarLogo: state.sidebarLogo }));
      } catch {
        /* private mode: the choice lasts for this page only */
      }
    }
    listeners.forEach((l) => l());
  },
};

export function usePreferences(): Preferences {
  return useSyncExternalStore(preferences.subscribe, preferences.get, preferences.get);
}
