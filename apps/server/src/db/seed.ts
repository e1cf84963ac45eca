// Seeds site content on a fresh database; rows that already exist are left as the operator edited them.
import type { Db } from './database.js';
import { seedCommerce } from './seed-commerce.js';
import { seedGifts } from './seed-gifts.js';
import { seedContent } from './seed-content.js';

const LOGIN_INFO = [
  { title: '上传数据，三步出报告', content: '上传数据、调整参数、生成报告，无需编程即可完成医学统计分析。' },
  { title: '结果与R语言一致', content: '统计引擎以R的结果为基准逐项校验，报告附可复现的R代码。' },
  { title: '论文级图表与三线表', content: '报告可下载为Word，三线表与高清图表可直接放入论文。' },
  { title: 'AI智能解读', content: '一键解读分析结果，用通俗的中文说明检验、结论与注意事项。' },
  { title: '数据安全', content: '数据仅本人可见，可随时删除；传输与存储全程加密。' },
];

const ANNOUNCEMENTS = [
  {
    title: '欢迎使用LabStat',
    content: '<p>LabStat医学统计分析平台已上线。上传您的数据表即可开始分析，遇到问题请在“意见反馈”中告诉我们。</p>',
  },
];

const SITE_INFO = [{ item: 'userAgreement', url: '/static/user-agreement.html', content: null }];

export async function seed(db: Db): Promise<void> {
  const k = db.kysely;
  const now = Date.now();
  const count = async (table: 'login_info' | 'announcements') =>
    Number((await k.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  if ((await count('login_info')) === 0) {
    await k.insertInto('login_info').values(LOGIN_INFO.map((r, i) => ({ ...r, sort: i }))).execute();
  }
  if ((await count('announcements')) === 0) {
    await k
      .insertInto('announcements')
      .values(ANNOUNCEMENTS.map((r, i) => ({ ...r, sort: i, active: 1, created_at: now })))
      .execute();
  }
  for (const s of SITE_INFO) {
    const exists = await k.selectFrom('site_info').select('item').where('item', '=', s.item).executeTakeFirst();
    if (!exists) await k.insertInto('site_info').values(s).execute();
  }
  await seedCommerce(db);
  await seedGifts(db);
  await seedContent(db);
}
