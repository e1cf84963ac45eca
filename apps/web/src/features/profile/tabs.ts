// The Profile tabs and tab_id (spec 02 §2): the query parameter picks the tab, info by default.
export const PROFILE_TABS = ['info', 'order', 'exchange', 'account', 'gift'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export const tabFrom = (tabId: string | null): ProfileTab => (PROFILE_TABS as readonly string[]).includes(tabId ?? '') ? (tabId as ProfileTab) : 'info';
