// Site-level calls: home page content, announcements, the advanced menu and runtime flags.
import { z } from 'zod';

export const SitePaths = {
  loginInfo: '/home/getLoginInfo',
  announcements: '/home/announcements',
  menu: '/menu',
  siteInfo: '/dynamics/siteInfo',
  runtime: '/home/runtime',
} as const;

/** Public (no login) read of the carousel slides the home page shows, active ones in order. */
export const CarouselPaths = { list: '/home/carousel' } as const;

export const LoginInfoItem = z.object({ title: z.string(), content: z.string() });
export const LoginInfoData = z.object({ loginInfo: z.array(LoginInfoItem) });
export type LoginInfoData = z.infer<typeof LoginInfoData>;

export const Announcement = z.object({ title: z.string(), content: z.string() });
export type Announcement = z.infer<typeof Announcement>;

/** Advanced menu item (spec 01 §3): its name is also a free route /high-tool/{name}. */
export const MenuItem = z.object({ name: z.string(), title: z.string() });
export type MenuItem = z.infer<typeof MenuItem>;

/** What the client must know about the server's providers, so dev modes are visible in the UI. */
export const RuntimeInfo = z.object({
  smsProvider: z.string(),
  wechatProvider: z.string(),
  devMode: z.boolean(),
  version: z.string(),
});
export type RuntimeInfo = z.infer<typeof RuntimeInfo>;

export const SiteInfoQuery = z.object({ item: z.string().min(1).max(64) });
export const SiteInfoData = z.object({ url: z.string().optional(), content: z.string().optional() });
