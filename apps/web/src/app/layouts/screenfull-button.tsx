// The navbar's full-screen toggle (spec 02 §2, §8): the spec's own words when the browser has no
// Fullscreen API.
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useEffect, useState } from 'react';

export const FULLSCREEN_UNAVAILABLE = 'you browser can not work';

export function ScreenfullButton() {
  const { message } = App.useApp();
  const [full, setFull] = useState(() => !!document.fullscreenElement);
  useEffect(() => {
    const onChange = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () => {
    if (!document.fullscreenEnabled || typeof document.documentElement.requestFullscreen !== 'function') {
      void message.warning(FULLSCREEN_UNAVAILABLE);
      return;
    }
    const done = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    done.catch(() => void message.warning(FULLSCREEN_UNAVAILABLE));
  };
  return (
    <Button
      type="text"
      aria-label={full ? '退出全屏' : '全屏'}
      icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      onClick={toggle}
    />
  );
}
