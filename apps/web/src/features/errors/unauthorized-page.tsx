// 401 (spec 01 §2): no permission; back goes to /dashboard with ?noGoBack, else one page back;
// 返回首页 links home.
import { Button, Result, Space } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';

export function UnauthorizedPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back = () => (params.has('noGoBack') ? navigate('/dashboard') : navigate(-1));
  return (
    <Result
      status="403"
      title="401"
      subTitle="您没有访问权限！如需访问，请联系管理员或登录有权限的账号。"
      extra={
        <Space>
          <Button onClick={back}>返回</Button>
          <Button type="primary" onClick={() => navigate('/')}>
            返回首页
          </Button>
        </Space>
      }
    />
  );
}
