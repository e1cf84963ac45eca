// Login state (spec 01 §4): token, roles, the active role group and the advanced-menu free routes.
import { useSyncExternalStore } from 'react';
import { getToken, removeToken, setToken } from './token';

export type RoleGroup = 'admin' | 'dynamics';

export interface SessionState {
  token: string | undefined;
  /** Roles of the logged-in user; empty until the profile is loaded. */
  roles: string[];
  username: string;
  avatar: string;
  /** Names of advanced-menu items (free routes /high-tool/{name}); null until fetched. */
  advancedNames: string[] | null;
}

let state: SessionState = {
  token: getToken(),
  roles: [],
  username: '',
  avatar: '',
  advancedNames: null,
};
const listeners = new Set<() => void>();

function set(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

export const session = {
  get: (): SessionState => state,
  subscribe(l: () => void): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  login(token: string): void {
    setToken(token);
    set({ token, roles: [] });
  },
  setProfile(p: { roles: string[]; username: string; avatar: string }): void {
    set({ roles: p.roles.length ? p.roles : ['admin'], username: p.username, avatar: p.avatar });
  },
  setAdvancedNames(advancedNames: string[]): void {
    set({ advancedNames });
  },
  /** Clears token and roles (spec: "a reset clears token and roles"). */
  reset(): void {
    removeToken();
    set({ token: undefined, roles: [], username: '', avatar: '' });
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
