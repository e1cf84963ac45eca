// 404 (spec 01 §2): English text, Back to home; a Chinese 返回首页 beside it for users who read
// no English (issue 20 item 10).
import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router-dom';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={
        <>
          <div>OOPS! The webmaster said that you can not enter this page... Please check that the URL you entered is correct, or click the button below to return to the homepage.</div>
          <div style={{ marginTop: 8 }}>抱歉，您访问的页面不存在。请检查网址是否正确，或返回首页。</div>
        </>
      }
      extra={
        <Space>
          <Button type="primary" onClick={() => navigate('/')}>
            返回首页
          </Button>
          <Button onClick={() => navigate('/')}>Back to home</Button>
        </Space>
      }
    />
  );
}
