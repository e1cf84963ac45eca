// /auth-redirect saves the OAuth query string to local storage and closes the window (spec 02 §2).
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

export function AuthRedirectPage() {
  const { search } = useLocation();
  useEffect(() => {
    window.localStorage.setItem('x-admin-oauth-code', search.replace(/^\?/, ''));
    window.close();
  }, [search]);
  return <p style={{ padding: 24 }}>授权完成，请关闭此窗口。</p>;
}
