// Phones (by user agent) are refused on every path but the home page (spec 01 §1).
import { PHONE_REFUSAL_MESSAGE, isPathAllowedOnPhone, isPhoneUserAgent } from '@labstat/contracts';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

// Only phones see this page, so antd's Result (with its illustrations) stays out of the entry.
const Result = lazy(() => import('antd/es/result'));

export function PhoneGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const refused = isPhoneUserAgent(navigator.userAgent) && !isPathAllowedOnPhone(pathname);
  useEffect(() => {
    if (refused) window.alert(PHONE_REFUSAL_MESSAGE);
  }, [refused, pathname]);
  if (refused) {
    return (
      <Suspense fallback={null}>
        <Result status="warning" title="暂不支持手机访问" subTitle={PHONE_REFUSAL_MESSAGE} />
      </Suspense>
    );
  }
  return <>{children}</>;
}
