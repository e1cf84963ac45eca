import { AccountPaths } from '@labstat/contracts';
import { request } from '../api-client';
import { session } from '../session-store';
import { ui } from '../ui-bridge';

/** Ends the session on the server (best effort), clears local login state and the user's notices. */
export async function logout(): Promise<void> {
  try {
    await request<null>(AccountPaths.logout, { method: 'POST', silent: true });
  } finally {
    session.reset();
    ui.notification?.destroy();
  }
}
