// The login screen of spec 02 §2/§4: modes 1 password, 2 WeChat QR (default), 3 recover, 4 register.
import { CheckCircleFilled } from '@ant-design/icons';
import { Segmented, Spin, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { session } from '../../../lib/session-store';
import { useRuntime } from '../../../lib/site-api/runtime';
import { useLoginInfo } from '../api/login-info';
import { WechatQrPanel } from './wechat-qr-panel';

// The QR code is the default; the forms (antd Form, Input and their validators) load when chosen.
const PasswordLoginForm = lazy(() => import('./password-login-form').then((m) => ({ default: m.PasswordLoginForm })));
const RecoverForm = lazy(() => import('./recover-form').then((m) => ({ default: m.RecoverForm })));
const RegisterForm = lazy(() => import('./register-form').then((m) => ({ default: m.RegisterForm })));

type Mode = 1 | 2 | 3 | 4;
const TITLES: Record<Mode, string> = { 1: '账号密码登录', 2: '微信扫码登录', 3: '找回密码', 4: '注册账号' };
/** ICP and public-security record numbers, set at build time; blank means no record line. */
const ICP = ((import.meta.env.VITE_ICP as string | undefined) ?? '').trim();

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const inviteCode = params.get('code');
  const redirect = params.get('redirect');
  // ?mode=3 opens password recovery directly (the profile's 修改密码 link); the QR login otherwise.
  const [mode, setMode] = useState<Mode>(params.get('mode') === '3' ? 3 : 2);
  const [openid, setOpenid] = useState('');
  const [qrForSignup, setQrForSignup] = useState(false);
  const loginInfo = useLoginInfo();
  const runtime = useRuntime();

  const done = (token: string) => {
    session.login(token);
    navigate(redirect && redirect.startsWith('/') && !redirect.startsWith('/login') ? redirect : '/', { replace: true });
  };
  const goRegister = () => {
    // Registration needs the WeChat follow first, so "立即注册" starts the QR flow (spec 02 §4).
    setQrForSignup(true);
    setMode(openid ? 4 : 2);
  };

  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: '#f0f2f5' }}>
      <div style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 24 }}>
        <div style={{ display: 'flex', width: 920, maxWidth: '100%', boxShadow: '0 8px 32px rgba(0,0,0,.08)', borderRadius: 10, overflow: 'hidden' }}>
          <aside
            style={{ flex: '0 0 380px', background: 'linear-gradient(160deg,#409EFF,#1d4ed8)', color: '#fff', padding: '48px 36px' }}
            data-testid="login-info"
          >
            <a href="#/" style={{ color: '#fff', fontSize: 26, fontWeight: 600 }}>
              LabStat
            </a>
            <p style={{ opacity: 0.85, marginTop: 8 }}>医学统计分析平台</p>
            <ul style={{ listStyle: 'none', padding: 0, marginTop: 32 }}>
              {(loginInfo.data?.loginInfo ?? []).map((i) => (
                <li key={i.title} style={{ marginBottom: 22 }}>
                  <div style={{ fontWeight: 600 }}>
                    <CheckCircleFilled style={{ marginRight: 8 }} />
                    {i.title}
                  </div>
                  <div style={{ opacity: 0.85, fontSize: 13, marginTop: 4, paddingLeft: 22 }}>{i.content}</div>
                </li>
              ))}
            </ul>
          </aside>
          {/* Drawn like antd's bordered Card and level-3 Title, which would bring their Tabs, menus
              and editable-text code to the lightest page (issue 25). */}
          <section style={{ flex: 1, background: '#fff', border: '1px solid #f0f0f0', padding: '36px 48px' }}>
            <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: 20 }}>
              <h3 style={{ margin: 0, fontSize: 24, fontWeight: 600, lineHeight: 1.3333, color: 'rgba(0, 0, 0, 0.88)' }}>{TITLES[mode]}</h3>
              {runtime.data?.devMode && <Tag color="orange" data-testid="dev-mode-tag">开发模式</Tag>}
            </div>
            {(mode === 1 || mode === 2) && (
              <Segmented
                block
                style={{ marginBottom: 24 }}
                value={mode}
                onChange={(v) => {
                  setQrForSignup(false);
                  setMode(v as Mode);
                }}
                options={[
                  { label: '微信扫码登录', value: 2 },
                  { label: '账号密码登录', value: 1 },
                ]}
              />
            )}
            <Suspense fallback={<Spin style={{ display: 'block', margin: '24px auto' }} />}>
              {mode === 1 && <PasswordLoginForm onToken={done} />}
              {mode === 2 && (
                <WechatQrPanel
                  hint={qrForSignup ? '注册前请先使用微信扫码关注公众号' : undefined}
                  onToken={done}
                  onUnbound={(id) => {
                    setOpenid(id);
                    setMode(4);
                  }}
                />
              )}
              {mode === 3 && <RecoverForm onDone={() => setMode(1)} />}
              {mode === 4 && <RegisterForm openid={openid} inviteCode={inviteCode} onToken={done} />}
            </Suspense>
            <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 20 }}>
              {mode === 1 || mode === 2 ? (
                <>
                  <a onClick={goRegister} data-testid="go-register">
                    立即注册
                  </a>
                  <a onClick={() => setMode(3)} data-testid="go-recover">
                    忘记密码
                  </a>
                </>
              ) : (
                <a onClick={() => setMode(1)} data-testid="back-to-login">
                  返回登录
                </a>
              )}
            </div>
            <p style={{ marginTop: 20, fontSize: 12, color: '#909399' }}>
              登录或注册即表示同意
              <a href="#/user-contract/index" target="_blank" rel="noopener">
                《用户服务协议》
              </a>
            </p>
          </section>
        </div>
      </div>
      <footer style={{ textAlign: 'center', color: '#909399', fontSize: 12, padding: '16px 0' }}>
        <div>© {new Date().getFullYear()} LabStat 医学统计分析平台</div>
        {/* The record line shows only when the deployment sets its ICP number. */}
        {ICP && <div data-testid="icp-record">ICP备案号与公安备案号：{ICP}</div>}
      </footer>
    </div>
  );
}
