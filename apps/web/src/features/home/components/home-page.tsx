// The public home page (spec 01 §2): carousel, Start using / Quick start, the three steps,
// ?token= login, and announcements after login.
import { CloudUploadOutlined, FileTextOutlined, RobotOutlined, SlidersOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { CSSProperties } from 'react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PublicHeader } from '../../../components/public-header';
import { session, useSession } from '../../../lib/session-store';
import { useMinWidth } from '../../../lib/use-min-width';
import { ui } from '../../../lib/ui-bridge';
import { fetchAnnouncements } from '../api/announcements';
import { fetchCarousel } from '../api/carousel';
import { BUILT_IN_SLIDES, shownSlides, type ShownSlide } from './carousel-slides';
import { HomeCarousel } from './home-carousel';


const STEPS = [
  { icon: <CloudUploadOutlined />, title: '上传数据', text: '上传 Excel 或 CSV 数据表，或直接使用示例数据。' },
  { icon: <SlidersOutlined />, title: '调整参数', text: '选择分析工具与变量，按需设置检验方法与图表样式。' },
  { icon: <FileTextOutlined />, title: '生成报告', text: '获得三线表、图表与结论，下载为 Word 直接用于论文。' },
];

// The sections below the carousel are plain elements styled as antd's Typography, Card and Row/Col
// look (antd 6 default theme; its titles keep the browser's top margin), so the home page does not load those components (issue 25 item 5).
const TEXT = 'rgba(0,0,0,0.88)';
const SECONDARY = 'rgba(0,0,0,0.45)';
const title = (size: number, lineHeight: number): CSSProperties => ({ color: TEXT, fontWeight: 600, fontSize: size, lineHeight, marginBottom: '0.5em' });
const H2 = title(30, 1.2666666666666666);
const H4 = title(20, 1.4);
const PARAGRAPH: CSSProperties = { color: SECONDARY, margin: '0 0 1em' };
const CARD: CSSProperties = { background: '#fff', border: '1px solid #f0f0f0', borderRadius: 8, padding: 24, color: TEXT };

/** Announcements show once per page load (not on every visit to the home page). */
let announced = false;

export function HomePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { token } = useSession();
  const wide = useMinWidth(1200);
  // antd's md breakpoint, where the three steps sat side by side (Col md={8}).
  const columns3 = useMinWidth(768);

  // ?token=… logs the user in, returns to the home page and reloads (spec 01 §2).
  const urlToken = params.get('token');
  useEffect(() => {
    if (!urlToken) return;
    session.login(urlToken);
    navigate('/', { replace: true });
    window.location.reload();
  }, [urlToken, navigate]);

  useEffect(() => {
    if (!token || urlToken || announced) return;
    announced = true;
    const timers: ReturnType<typeof setTimeout>[] = [];
    // The renderer loads only when there are announcements to show: the signed-out home page has
    // no room to spare under its 250 KB (issue 25 item 5).
    const show = async () => {
      const list = await fetchAnnouncements();
      if (list.length === 0) return;
      const { RichTextView } = await import('../../../components/rich-text-view');
      list.forEach((a, i) =>
        timers.push(
          setTimeout(
            () =>
              ui.notification?.info({
                title: a.title,
                description: <RichTextView html={a.content} data-testid="announcement-content" />,
                duration: 0,
                placement: 'topRight',
              }),
            i * 1000,
          ),
        ),
      );
    };
    show().catch(() => undefined);
    return () => timers.forEach(clearTimeout);
  }, [token, urlToken]);

  // The operators' slides when they set any; the built-in ones meanwhile and otherwise.
  const [slides, setSlides] = useState<ShownSlide[]>(BUILT_IN_SLIDES);
  useEffect(() => {
    let live = true;
    fetchCarousel().then(
      (list) => live && setSlides(shownSlides(list)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const follow = (s: ShownSlide) => {
    if (!s.link) return;
    if ('inApp' in s.link) navigate(s.link.inApp);
    else window.open(s.link.external, '_blank', 'noopener,noreferrer');
  };

  const height = wide ? 380 : 220;
  return (
    <div style={{ minHeight: '100vh', background: '#fff' }}>
      <PublicHeader />
      <section style={{ maxWidth: wide ? 1200 : '100%', margin: '24px auto 0', padding: '0 24px' }} data-testid="home-carousel">
        <HomeCarousel
          autoplaySpeed={10_000}
          slides={slides.map((s) => (
            <div key={s.key}>
              <div
                role={s.link ? 'link' : undefined}
                onClick={() => follow(s)}
                style={{
                  cursor: s.link ? 'pointer' : undefined,
                  position: 'relative',
                  height,
                  background: s.bg,
                  color: '#fff',
                  borderRadius: 12,
                  display: 'flex',
                  flexDirection: 'column',
                  justifyContent: 'center',
                  padding: wide ? '0 80px' : '0 32px',
                }}
              >
                <div style={{ fontSize: wide ? 40 : 24, fontWeight: 600, maxWidth: s.image ? '60%' : undefined }}>{s.title}</div>
                <div style={{ fontSize: wide ? 18 : 14, marginTop: 12, opacity: 0.9, maxWidth: s.image ? '60%' : undefined }}>{s.text}</div>
                {s.image && (
                  <img src={s.image} alt="" style={{ position: 'absolute', right: wide ? 60 : 24, top: '10%', height: '80%', maxWidth: '35%', objectFit: 'contain' }} />
                )}
              </div>
            </div>
          ))}
        />
      </section>
      <section style={{ textAlign: 'center', padding: '40px 24px 8px' }}>
        <h2 style={H2}>医学统计，三步完成</h2>
        <div style={PARAGRAPH}>面向医学科研人员、医生与学生的在线统计分析平台</div>
        <div style={{ display: 'flex', gap: 16, justifyContent: 'center', marginTop: 16 }}>
          <Button type="primary" size="large" onClick={() => navigate('/public-tool/visual')}>
            开始使用
          </Button>
          <Button size="large" onClick={() => navigate('/document/document-manual')}>
            快速上手
          </Button>
        </div>
      </section>
      <section style={{ maxWidth: 1200, margin: '0 auto', padding: '32px 24px' }}>
        <div style={{ display: 'grid', gridTemplateColumns: columns3 ? 'repeat(3, minmax(0, 1fr))' : '100%', gap: 24 }}>
          {STEPS.map((s, i) => (
            <div key={s.title} style={{ ...CARD, textAlign: 'center' }}>
              <div style={{ fontSize: 40, color: '#409EFF' }}>{s.icon}</div>
              <h4 style={H4}>
                第{i + 1}步 · {s.title}
              </h4>
              <div style={PARAGRAPH}>{s.text}</div>
            </div>
          ))}
        </div>
        <div style={{ ...CARD, marginTop: 24, background: '#f5f7ff' }}>
          <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
            <RobotOutlined style={{ fontSize: 40, color: '#6366f1' }} />
            <div>
              <h4 style={{ ...H4, margin: 0 }}>AI 辅助解读</h4>
              <span style={{ color: SECONDARY }}>报告生成后，可让 AI 用通俗的中文解释结果、结论与注意事项。</span>
            </div>
          </div>
        </div>
      </section>
    </div>
  );
}
